DROP INDEX "tournaments_calendar_idx";--> statement-breakpoint
CREATE INDEX "tournaments_calendar_idx" ON "tournaments" USING btree ("sector_id","data_inizio","id","data_fine");