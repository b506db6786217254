CREATE TABLE "circuit_ranking_counts" (
	"circuit_id" integer PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- As club_ranking_counts (migration 0038): one statement trigger per statement over the rows it inserted or
-- deleted, whoever writes circuit_rankings (the standings rebuild, the seed, a circuit or a person deleted with
-- their rows). An upsert's updated rows keep their circuit.
CREATE FUNCTION "circuit_ranking_counts_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO circuit_ranking_counts (circuit_id, n)
		SELECT circuit_id, count(*) FROM inserted GROUP BY circuit_id
		ON CONFLICT (circuit_id) DO UPDATE SET n = circuit_ranking_counts.n + excluded.n;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "circuit_ranking_counts_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE circuit_ranking_counts c SET n = c.n - d.n
		FROM (SELECT circuit_id, count(*) AS n FROM deleted GROUP BY circuit_id) d
		WHERE c.circuit_id = d.circuit_id;
	DELETE FROM circuit_ranking_counts WHERE n = 0;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "circuit_ranking_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM circuit_ranking_counts;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "circuit_ranking_counts_ins_trg" AFTER INSERT ON "circuit_rankings"
	REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "circuit_ranking_counts_inserted"();
--> statement-breakpoint
CREATE TRIGGER "circuit_ranking_counts_del_trg" AFTER DELETE ON "circuit_rankings"
	REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION "circuit_ranking_counts_deleted"();
--> statement-breakpoint
CREATE TRIGGER "circuit_ranking_counts_trunc_trg" AFTER TRUNCATE ON "circuit_rankings"
	FOR EACH STATEMENT EXECUTE FUNCTION "circuit_ranking_counts_truncated"();
--> statement-breakpoint
INSERT INTO "circuit_ranking_counts" (circuit_id, n)
	SELECT circuit_id, count(*) FROM "circuit_rankings" GROUP BY circuit_id;
