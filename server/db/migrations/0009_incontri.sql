CREATE TABLE "tie_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tie_id" integer NOT NULL,
	"evento" text NOT NULL,
	"da_stato" text,
	"a_stato" text NOT NULL,
	"person_id" integer,
	"nota" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "power_history" DROP CONSTRAINT "power_history_source_ck";--> statement-breakpoint
ALTER TABLE "team_ties" DROP CONSTRAINT "team_ties_status_ck";--> statement-breakpoint
ALTER TABLE "power_history" ADD COLUMN "tie_match_id" integer;--> statement-breakpoint
ALTER TABLE "team_ties" ADD COLUMN "proposta_da" text;--> statement-breakpoint
ALTER TABLE "team_ties" ADD COLUMN "scade_il" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_ties" ADD COLUMN "risoluzione" text;--> statement-breakpoint
ALTER TABLE "tie_events" ADD CONSTRAINT "tie_events_tie_id_team_ties_id_fk" FOREIGN KEY ("tie_id") REFERENCES "public"."team_ties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tie_events" ADD CONSTRAINT "tie_events_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tie_events_tie_idx" ON "tie_events" USING btree ("tie_id","at");--> statement-breakpoint
ALTER TABLE "power_history" ADD CONSTRAINT "power_history_tie_match_id_tie_matches_id_fk" FOREIGN KEY ("tie_match_id") REFERENCES "public"."tie_matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "power_history_tie_match_idx" ON "power_history" USING btree ("tie_match_id");--> statement-breakpoint
CREATE INDEX "team_ties_deadline_idx" ON "team_ties" USING btree ("scade_il");--> statement-breakpoint
ALTER TABLE "power_history" ADD CONSTRAINT "power_history_source_ck" CHECK ("power_history"."match_id" is not null or "power_history"."challenge_id" is not null or "power_history"."tie_match_id" is not null);--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_proposta_da_ck" CHECK ("team_ties"."proposta_da" is null or "team_ties"."proposta_da" in ('casa', 'ospiti'));--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_risoluzione_ck" CHECK ("team_ties"."risoluzione" is null or "team_ties"."risoluzione" in ('confermato', 'annullato'));--> statement-breakpoint
ALTER TABLE "team_ties" ADD CONSTRAINT "team_ties_status_ck" CHECK ("team_ties"."status" in ('da_programmare', 'proposto', 'programmato', 'schieramenti_inviati', 'in_gioco', 'risultato_inserito', 'confermato', 'contestato', 'risolto', 'walkover'));