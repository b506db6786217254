import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import { bannerClicks, banners, menuItems } from '../db/schema/content.ts'

/** A menu's enabled entries for a discipline, prepared once per database (every page shows one). */
const menuStatement = preparedFor((db) =>
  db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.menu, sql.placeholder('menu')),
        eq(menuItems.enabled, true),
        or(isNull(menuItems.disciplineId), eq(menuItems.disciplineId, sql.placeholder('disciplineId'))),
      ),
    )
    .orderBy(asc(menuItems.ordine), asc(menuItems.id))
    .prepare('menu_voci'),
)

/** Menus and banners: the editorial furniture of the pages. */
export function contentRepository(db: Db) {
  return {
    /** The enabled items of a menu, for every discipline or for this one. */
    menu(menu: string, disciplineId: number) {
      return menuStatement(db).execute({ menu, disciplineId })
    },

    /** The banners of a position shown now, for every discipline or for this one. */
    activeBanners(position: string, disciplineId: number) {
      return db
        .select({
          id: banners.id,
          titolo: banners.title,
          immagine: banners.image,
          immagine_alt: banners.imageAlt,
          link: banners.link,
          esterno: banners.external,
        })
        .from(banners)
        .where(
          and(
            eq(banners.enabled, true),
            eq(banners.position, position),
            or(isNull(banners.disciplineId), eq(banners.disciplineId, disciplineId)),
            lte(banners.activeFrom, sql`now()`),
            or(isNull(banners.activeTo), gt(banners.activeTo, sql`now()`)),
          ),
        )
        .orderBy(asc(banners.ordine), asc(banners.id))
    },

    async bannerExists(id: number): Promise<boolean> {
      const [banner] = await db.select({ id: banners.id }).from(banners).where(eq(banners.id, id)).limit(1)
      return banner !== undefined
    },

    async recordBannerClick(values: { bannerId: number; accountId: string | null; path: string | null }) {
      await db.insert(bannerClicks).values(values)
    },
  }
}
