// The head of the tournaments section (calendar, circuits): its menu (tornei/sezioni_menu/get) and its banner
// (tornei/banner/list). Both are extras: when they fail, the page goes on without them.
import { Link } from 'react-router'
import type { Banner, MenuEntry } from '../../../contract/sezioni.ts'
import { href, type RouteId } from '../../app/paths.ts'
import { usePageData } from '../../ui/page-data.ts'
import { loadBanners, loadMenu } from './calendario-data.ts'

const isPortalPath = (path: string) => path.startsWith('/') && !path.startsWith('//')

export function SectionHeader({
  idSettore,
  current,
  initial = {},
}: {
  idSettore: number
  current: RouteId
  initial?: { menu?: readonly MenuEntry[] | undefined; banner?: readonly Banner[] | undefined }
}) {
  const menu = usePageData(loadMenu, idSettore, { initial: initial.menu })
  const banners = usePageData(loadBanners, idSettore, { initial: initial.banner })
  const here = href(current)
  const entries = menu.data ?? []
  const banner = banners.data?.[0]
  return (
    <>
      {entries.length > 0 && (
        <nav aria-label="Sezioni dei tornei" className="tornei-sezioni">
          <ul>
            {entries.map((entry) => (
              <li key={entry.id}>
                {entry.esterno || !isPortalPath(entry.percorso) ? (
                  <a href={entry.percorso}>{entry.etichetta}</a>
                ) : (
                  <Link to={entry.percorso} aria-current={entry.percorso === here ? 'page' : undefined}>
                    {entry.etichetta}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      )}
      {banner && (
        <div className="tornei-banner">
          {banner.esterno || !isPortalPath(banner.link) ? (
            <a href={banner.link} target={banner.esterno ? '_blank' : undefined} rel="noopener noreferrer">
              <BannerImage banner={banner} />
            </a>
          ) : (
            <Link to={banner.link}>
              <BannerImage banner={banner} />
            </Link>
          )}
        </div>
      )}
    </>
  )
}

function BannerImage({ banner }: { banner: Banner }) {
  return (
    <figure>
      {/* The caption names the link; the picture adds nothing a screen reader needs. */}
      <img src={banner.immagine} alt="" width={1200} height={300} />
      <figcaption>{banner.titolo}</figcaption>
    </figure>
  )
}
