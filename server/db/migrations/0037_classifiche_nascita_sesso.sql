DROP INDEX "rankings_nascita_idx";--> statement-breakpoint
CREATE INDEX "rankings_nascita_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","nascita","ordine","punti","sesso");