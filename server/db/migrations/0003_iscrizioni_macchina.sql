CREATE TABLE "tournament_entry_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"evento" text NOT NULL,
	"da_stato" text NOT NULL,
	"a_stato" text NOT NULL,
	"person_id" integer,
	"destinatario_id" integer,
	"avviso" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_entries" DROP CONSTRAINT "tournament_entries_status_ck";--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "macchina" jsonb;--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD COLUMN "aggiornata_il" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tournament_entry_events" ADD CONSTRAINT "tournament_entry_events_entry_id_tournament_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."tournament_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry_events" ADD CONSTRAINT "tournament_entry_events_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tournament_entry_events" ADD CONSTRAINT "tournament_entry_events_destinatario_id_persons_id_fk" FOREIGN KEY ("destinatario_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tournament_entry_events_entry_idx" ON "tournament_entry_events" USING btree ("entry_id","id");--> statement-breakpoint
CREATE INDEX "tournament_entry_events_destinatario_idx" ON "tournament_entry_events" USING btree ("destinatario_id","id");--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_status_ck" CHECK ("tournament_entries"."status" in ('iscritto', 'lista_attesa', 'in_attesa_compagno', 'ritirato'));