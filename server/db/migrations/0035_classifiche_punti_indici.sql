DROP INDEX "rankings_provincia_idx";--> statement-breakpoint
DROP INDEX "rankings_sesso_idx";--> statement-breakpoint
CREATE INDEX "rankings_provincia_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","provincia","ordine","punti");--> statement-breakpoint
CREATE INDEX "rankings_sesso_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","sesso","ordine","punti");