CREATE TABLE "richieste_allegati" (
	"id" serial PRIMARY KEY NOT NULL,
	"richiesta_id" integer NOT NULL,
	"nome" text NOT NULL,
	"immagine" "bytea" NOT NULL,
	"larghezza" integer NOT NULL,
	"altezza" integer NOT NULL,
	CONSTRAINT "richieste_allegati_dimensione_ck" CHECK (octet_length("richieste_allegati"."immagine") > 0)
);
--> statement-breakpoint
ALTER TABLE "richieste_allegati" ADD CONSTRAINT "richieste_allegati_richiesta_id_richieste_utenti_id_fk" FOREIGN KEY ("richiesta_id") REFERENCES "public"."richieste_utenti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "richieste_allegati_richiesta_idx" ON "richieste_allegati" USING btree ("richiesta_id","id");