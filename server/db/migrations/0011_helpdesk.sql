CREATE TABLE "richieste_utenti" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"person_id" integer,
	"categoria" smallint NOT NULL,
	"sector_id" integer NOT NULL,
	"codice_tessera" varchar(20),
	"oggetto" text NOT NULL,
	"messaggio" text NOT NULL,
	"stato" text DEFAULT 'aperta' NOT NULL,
	"creata_il" timestamp with time zone DEFAULT now() NOT NULL,
	"risposta" text,
	"risposta_il" timestamp with time zone,
	"risposta_da" uuid,
	CONSTRAINT "richieste_utenti_categoria_ck" CHECK ("richieste_utenti"."categoria" in (1, 2, 3)),
	CONSTRAINT "richieste_utenti_stato_ck" CHECK ("richieste_utenti"."stato" in ('aperta', 'risposta', 'chiusa'))
);
--> statement-breakpoint
ALTER TABLE "avvisi" DROP CONSTRAINT "avvisi_ambito_ck";--> statement-breakpoint
ALTER TABLE "richieste_utenti" ADD CONSTRAINT "richieste_utenti_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "richieste_utenti" ADD CONSTRAINT "richieste_utenti_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "richieste_utenti" ADD CONSTRAINT "richieste_utenti_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "richieste_utenti" ADD CONSTRAINT "richieste_utenti_risposta_da_accounts_id_fk" FOREIGN KEY ("risposta_da") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "richieste_utenti_account_idx" ON "richieste_utenti" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "richieste_utenti_aperte_idx" ON "richieste_utenti" USING btree ("id") WHERE "richieste_utenti"."stato" = 'aperta';--> statement-breakpoint
CREATE INDEX "richieste_utenti_person_idx" ON "richieste_utenti" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "richieste_utenti_sector_idx" ON "richieste_utenti" USING btree ("sector_id");--> statement-breakpoint
CREATE INDEX "richieste_utenti_risposta_da_idx" ON "richieste_utenti" USING btree ("risposta_da");--> statement-breakpoint
ALTER TABLE "avvisi" ADD CONSTRAINT "avvisi_ambito_ck" CHECK ("avvisi"."ambito" in ('torneo', 'sfida', 'annuncio', 'richiesta', 'helpdesk'));