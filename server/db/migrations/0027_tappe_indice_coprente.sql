DROP INDEX "tournaments_circuit_idx";--> statement-breakpoint
CREATE INDEX "tournaments_circuit_idx" ON "tournaments" USING btree ("circuit_id","tappa","status","data_inizio","data_fine");