ALTER TABLE "richieste_utenti" ADD COLUMN "chiusa_il" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "richieste_utenti" ADD COLUMN "chiusa_da" uuid;--> statement-breakpoint
ALTER TABLE "richieste_utenti" ADD COLUMN "chiusa_ruolo" text;--> statement-breakpoint
ALTER TABLE "richieste_utenti" ADD CONSTRAINT "richieste_utenti_chiusa_da_accounts_id_fk" FOREIGN KEY ("chiusa_da") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "richieste_utenti_chiusa_da_idx" ON "richieste_utenti" USING btree ("chiusa_da");--> statement-breakpoint
ALTER TABLE "richieste_utenti" ADD CONSTRAINT "richieste_utenti_chiusa_ruolo_ck" CHECK ("richieste_utenti"."chiusa_ruolo" in ('utente', 'staff'));--> statement-breakpoint
ALTER TABLE "richieste_utenti" ADD CONSTRAINT "richieste_utenti_chiusa_ck" CHECK (("richieste_utenti"."stato" = 'chiusa') = ("richieste_utenti"."chiusa_il" is not null and "richieste_utenti"."chiusa_ruolo" is not null));