CREATE TABLE "calendar_feeds" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "aggiornato_il" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "sequenza_ics" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_uq" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
-- Calendar files carry SEQUENCE and LAST-MODIFIED: a phone calendar replaces its copy of an event only when the
-- SEQUENCE grows. Whoever changes a tournament (organiser, seed, a script), the database bumps it.
CREATE FUNCTION "tournaments_bump_sequence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.data_inizio IS DISTINCT FROM OLD.data_inizio OR NEW.data_fine IS DISTINCT FROM OLD.data_fine
		OR NEW.nome IS DISTINCT FROM OLD.nome OR NEW.club_id IS DISTINCT FROM OLD.club_id
		OR NEW.status IS DISTINCT FROM OLD.status OR NEW.descrizione IS DISTINCT FROM OLD.descrizione THEN
		NEW.sequenza_ics := OLD.sequenza_ics + 1;
		NEW.aggiornato_il := now();
	END IF;
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "tournaments_bump_sequence_trg" BEFORE UPDATE ON "tournaments"
	FOR EACH ROW EXECUTE FUNCTION "tournaments_bump_sequence"();
