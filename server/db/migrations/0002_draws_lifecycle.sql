CREATE TABLE "club_organizers" (
	"account_id" uuid NOT NULL,
	"club_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_organizers_account_id_club_id_pk" PRIMARY KEY("account_id","club_id")
);
--> statement-breakpoint
CREATE TABLE "draw_seed_secrets" (
	"draw_id" integer PRIMARY KEY NOT NULL,
	"seed" varchar(64) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draws" ADD COLUMN "ordine_iscritti" jsonb;--> statement-breakpoint
ALTER TABLE "club_organizers" ADD CONSTRAINT "club_organizers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "club_organizers" ADD CONSTRAINT "club_organizers_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_seed_secrets" ADD CONSTRAINT "draw_seed_secrets_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "club_organizers_club_idx" ON "club_organizers" USING btree ("club_id");