CREATE TABLE "registro_tessere" (
	"id" serial PRIMARY KEY NOT NULL,
	"codice_tessera" varchar(20) NOT NULL,
	"codice_fiscale" varchar(16) NOT NULL,
	"tipologia" text NOT NULL,
	"discipline_id" integer NOT NULL,
	"sector_id" integer NOT NULL,
	"club_id" integer,
	"stagione" smallint NOT NULL,
	"valida_dal" date NOT NULL,
	"valida_al" date NOT NULL,
	"aggiornata_il" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tessere" ADD COLUMN "club_id" integer;--> statement-breakpoint
ALTER TABLE "tessere" ADD COLUMN "verifica" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "registro_tessere" ADD CONSTRAINT "registro_tessere_discipline_id_disciplines_id_fk" FOREIGN KEY ("discipline_id") REFERENCES "public"."disciplines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_tessere" ADD CONSTRAINT "registro_tessere_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registro_tessere" ADD CONSTRAINT "registro_tessere_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registro_tessere_codice_uq" ON "registro_tessere" USING btree ("codice_tessera");--> statement-breakpoint
CREATE INDEX "registro_tessere_cf_idx" ON "registro_tessere" USING btree ("codice_fiscale");--> statement-breakpoint
CREATE INDEX "registro_tessere_discipline_idx" ON "registro_tessere" USING btree ("discipline_id");--> statement-breakpoint
CREATE INDEX "registro_tessere_sector_idx" ON "registro_tessere" USING btree ("sector_id");--> statement-breakpoint
CREATE INDEX "registro_tessere_club_idx" ON "registro_tessere" USING btree ("club_id");--> statement-breakpoint
ALTER TABLE "tessere" ADD CONSTRAINT "tessere_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tessere_verifica_uq" ON "tessere" USING btree ("verifica");--> statement-breakpoint
CREATE INDEX "tessere_club_idx" ON "tessere" USING btree ("club_id");