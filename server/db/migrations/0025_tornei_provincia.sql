DROP INDEX "tournaments_calendar_idx";--> statement-breakpoint
ALTER TABLE "tournaments" ADD COLUMN "provincia" varchar(2);--> statement-breakpoint
CREATE INDEX "tournaments_calendar_idx" ON "tournaments" USING btree ("sector_id","data_inizio","id","data_fine","status","iscrizioni_dal","iscrizioni_al","tipo","categoria","region_id","club_id","circuit_id","provincia");