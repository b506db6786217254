DROP INDEX "rankings_ordine_idx";--> statement-breakpoint
DROP INDEX "rankings_regione_idx";--> statement-breakpoint
CREATE INDEX "player_search_provincia_nome_idx" ON "player_search" USING btree ("sector_id","provincia","nome_inizio","cognome","nome","person_id");--> statement-breakpoint
CREATE INDEX "rankings_ordine_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","ordine","nascita","punti");--> statement-breakpoint
CREATE INDEX "rankings_regione_idx" ON "rankings" USING btree ("tipo","sector_id","stagione","region_id","ordine","sesso","nascita","punti");