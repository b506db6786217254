CREATE TABLE "club_ranking_counts" (
	"sector_id" integer NOT NULL,
	"stagione" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "club_ranking_counts_pk" PRIMARY KEY("sector_id","stagione")
);
--> statement-breakpoint
-- The counts follow club_rankings, whoever writes it (the rebuilds, the seed, a club deleted with its rows): one
-- statement trigger per statement, over the rows it inserted or deleted (transition tables), not one per row.
-- An upsert's updated rows keep their sector and season, so only insertions and deletions move a count.
CREATE FUNCTION "club_ranking_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO club_ranking_counts (sector_id, stagione, n)
		SELECT sector_id, stagione, count(*) FROM inserted GROUP BY sector_id, stagione
		ON CONFLICT (sector_id, stagione) DO UPDATE SET n = club_ranking_counts.n + excluded.n;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "club_ranking_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE club_ranking_counts c SET n = c.n - d.n
		FROM (SELECT sector_id, stagione, count(*) AS n FROM deleted GROUP BY sector_id, stagione) d
		WHERE c.sector_id = d.sector_id AND c.stagione = d.stagione;
	DELETE FROM club_ranking_counts WHERE n = 0;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "club_ranking_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM club_ranking_counts;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "club_ranking_counts_ins_trg" AFTER INSERT ON "club_rankings"
	REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "club_ranking_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "club_ranking_counts_del_trg" AFTER DELETE ON "club_rankings"
	REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "club_ranking_counts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "club_ranking_counts_trunc_trg" AFTER TRUNCATE ON "club_rankings"
	FOR EACH STATEMENT EXECUTE FUNCTION "club_ranking_counts_truncated"();
--> statement-breakpoint
INSERT INTO "club_ranking_counts" (sector_id, stagione, n)
	SELECT sector_id, stagione, count(*) FROM "club_rankings" GROUP BY sector_id, stagione;
