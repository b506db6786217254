DROP INDEX "tournament_points_uq";--> statement-breakpoint
ALTER TABLE "tournament_points" ADD COLUMN "tie_id" integer;--> statement-breakpoint
ALTER TABLE "tournament_points" ADD COLUMN "partite" smallint;--> statement-breakpoint
ALTER TABLE "tournament_points" ADD CONSTRAINT "tournament_points_tie_id_team_ties_id_fk" FOREIGN KEY ("tie_id") REFERENCES "public"."team_ties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_points_tie_uq" ON "tournament_points" USING btree ("tie_id","person_id") WHERE "tournament_points"."tie_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tournament_points_uq" ON "tournament_points" USING btree ("tournament_id","person_id") WHERE "tournament_points"."tie_id" is null;