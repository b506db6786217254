CREATE TABLE "ranking_counts" (
	"tipo" text NOT NULL,
	"sector_id" integer NOT NULL,
	"stagione" smallint NOT NULL,
	"sesso" varchar(1) NOT NULL,
	"regione" text NOT NULL,
	"provincia" varchar(2) NOT NULL,
	"anno" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "ranking_counts_pk" PRIMARY KEY("tipo","sector_id","stagione","sesso","regione","provincia","anno")
);
--> statement-breakpoint
DROP INDEX "persons_provincia_idx";--> statement-breakpoint
DROP INDEX "persons_club_idx";--> statement-breakpoint
DROP INDEX "rankings_provincia_idx";--> statement-breakpoint
ALTER TABLE "rankings" ADD COLUMN "region_id" smallint;--> statement-breakpoint
ALTER TABLE "rankings" ADD COLUMN "nascita" date;--> statement-breakpoint
ALTER TABLE "rankings" ADD COLUMN "ordine" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "rankings" r SET "nascita" = p."data_nascita" FROM "persons" p WHERE p."id" = r."person_id";--> statement-breakpoint
UPDATE "rankings" r SET "region_id" = p."region_id" FROM "provinces" p WHERE p."sigla" = r."provincia";--> statement-breakpoint
UPDATE "rankings" t SET "posizione" = n."posizione", "ordine" = n."ordine" FROM (SELECT r."tipo", r."sector_id", r."stagione", r."person_id", (rank() OVER (PARTITION BY r."tipo", r."sector_id", r."stagione" ORDER BY r."punti" DESC))::int AS "posizione", (row_number() OVER (PARTITION BY r."tipo", r."sector_id", r."stagione" ORDER BY r."punti" DESC, r."tornei" ASC, lower(p."cognome") COLLATE "C", lower(p."nome") COLLATE "C", r."person_id"))::int AS "ordine" FROM "rankings" r JOIN "persons" p ON p."id" = r."person_id") n WHERE t."tipo" = n."tipo" AND t."sector_id" = n."sector_id" AND t."stagione" = n."stagione" AND t."person_id" = n."person_id";--> statement-breakpoint
INSERT INTO "ranking_counts" ("tipo", "sector_id", "stagione", "sesso", "regione", "provincia", "anno", "n") SELECT r."tipo", r."sector_id", r."stagione", CASE WHEN grouping(r."sesso") = 1 THEN '*' ELSE coalesce(r."sesso", '?') END, CASE WHEN grouping(g."nome") = 1 THEN '*' ELSE coalesce(g."nome", '?') END, CASE WHEN grouping(r."provincia") = 1 THEN '*' ELSE coalesce(r."provincia", '?') END, (CASE WHEN grouping(extract(year FROM r."nascita")) = 1 THEN 0 ELSE coalesce(extract(year FROM r."nascita"), -1) END)::smallint, count(*)::int FROM "rankings" r LEFT JOIN "regions" g ON g."id" = r."region_id" GROUP BY r."tipo", r."sector_id", r."stagione", cube(r."sesso", g."nome", r."provincia", extract(year FROM r."nascita"));--> statement-breakpoint
CREATE INDEX "persons_provincia_nome_idx" ON "persons" USING btree ("provincia",lower("cognome"),lower("nome"),"id");--> statement-breakpoint
CREATE INDEX "persons_club_nome_idx" ON "persons" USING btree ("club_id",lower("cognome"),lower("nome"),"id");--> statement-breakpoint
CREATE INDEX "tessere_person_sector_idx" ON "tessere" USING btree ("person_id","sector_id");--> statement-breakpoint
CREATE INDEX "rankings_ordine_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","ordine");--> statement-breakpoint
CREATE INDEX "rankings_sesso_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","sesso","ordine");--> statement-breakpoint
CREATE INDEX "rankings_regione_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","region_id","ordine");--> statement-breakpoint
CREATE INDEX "rankings_nascita_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","nascita");--> statement-breakpoint
CREATE INDEX "rankings_provincia_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","provincia","ordine");