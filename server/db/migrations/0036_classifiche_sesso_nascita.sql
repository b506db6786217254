DROP INDEX "rankings_sesso_idx";--> statement-breakpoint
CREATE INDEX "rankings_sesso_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","sesso","ordine","nascita","punti");