CREATE TABLE "partner_request_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"evento" text NOT NULL,
	"da_stato" text NOT NULL,
	"a_stato" text NOT NULL,
	"person_id" integer,
	"destinatario_id" integer,
	"avviso" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_listings" ADD COLUMN "data_dal" date;--> statement-breakpoint
ALTER TABLE "partner_listings" ADD COLUMN "data_al" date;--> statement-breakpoint
ALTER TABLE "partner_listings" ADD COLUMN "chiuso_il" timestamp with time zone;--> statement-breakpoint
-- Listings written before the dates existed: from their creation day to their expiry (30 days when none).
UPDATE "partner_listings" SET "data_dal" = ("created_at" AT TIME ZONE 'Europe/Rome')::date, "data_al" = (coalesce("scade_il", "created_at" + interval '30 days') AT TIME ZONE 'Europe/Rome')::date, "chiuso_il" = CASE WHEN "status" = 'chiuso' THEN "created_at" END;--> statement-breakpoint
ALTER TABLE "partner_listings" ALTER COLUMN "data_dal" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_listings" ALTER COLUMN "data_al" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_request_events" ADD CONSTRAINT "partner_request_events_request_id_partner_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."partner_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_request_events" ADD CONSTRAINT "partner_request_events_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_request_events" ADD CONSTRAINT "partner_request_events_destinatario_id_persons_id_fk" FOREIGN KEY ("destinatario_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_request_events_request_idx" ON "partner_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "partner_request_events_destinatario_idx" ON "partner_request_events" USING btree ("destinatario_id","id");--> statement-breakpoint
CREATE INDEX "partner_listings_board_idx" ON "partner_listings" USING btree ("sector_id","data_al") WHERE "partner_listings"."status" = 'attivo';--> statement-breakpoint
ALTER TABLE "partner_listings" ADD CONSTRAINT "partner_listings_dates_ck" CHECK ("partner_listings"."data_al" >= "partner_listings"."data_dal");