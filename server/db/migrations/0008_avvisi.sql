CREATE TABLE "avvisi" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"mittente_id" integer,
	"ambito" text NOT NULL,
	"riferimento" integer NOT NULL,
	"testo" text NOT NULL,
	"creato_il" timestamp with time zone DEFAULT now() NOT NULL,
	"letto_il" timestamp with time zone,
	CONSTRAINT "avvisi_ambito_ck" CHECK ("avvisi"."ambito" in ('torneo', 'sfida', 'annuncio', 'richiesta'))
);
--> statement-breakpoint
ALTER TABLE "partner_listings" ADD COLUMN "condividi_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_listings" ADD COLUMN "condividi_telefono" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD COLUMN "condividi_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_requests" ADD COLUMN "condividi_telefono" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "avvisi" ADD CONSTRAINT "avvisi_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avvisi" ADD CONSTRAINT "avvisi_mittente_id_persons_id_fk" FOREIGN KEY ("mittente_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avvisi_non_letti_idx" ON "avvisi" USING btree ("person_id","id") WHERE "avvisi"."letto_il" is null;--> statement-breakpoint
CREATE INDEX "avvisi_mittente_idx" ON "avvisi" USING btree ("mittente_id","person_id","creato_il");