CREATE TABLE "dati_spedizione" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"presso" text,
	"indirizzo" text NOT NULL,
	"cap" varchar(5) NOT NULL,
	"comune" text NOT NULL,
	"provincia" varchar(2) NOT NULL,
	"aggiornati_il" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dati_spedizione_cap_ck" CHECK ("dati_spedizione"."cap" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "fototessere" (
	"person_id" integer PRIMARY KEY NOT NULL,
	"immagine" "bytea" NOT NULL,
	"larghezza" integer NOT NULL,
	"altezza" integer NOT NULL,
	"impronta" varchar(64) NOT NULL,
	"aggiornata_il" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fototessere_dimensione_ck" CHECK (octet_length("fototessere"."immagine") > 0)
);
--> statement-breakpoint
ALTER TABLE "dati_spedizione" ADD CONSTRAINT "dati_spedizione_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dati_spedizione" ADD CONSTRAINT "dati_spedizione_provincia_provinces_sigla_fk" FOREIGN KEY ("provincia") REFERENCES "public"."provinces"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fototessere" ADD CONSTRAINT "fototessere_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dati_spedizione_provincia_idx" ON "dati_spedizione" USING btree ("provincia");