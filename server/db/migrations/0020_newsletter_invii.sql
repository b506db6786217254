CREATE TABLE "newsletter_invii" (
	"settimana" date PRIMARY KEY NOT NULL,
	"inviata_il" timestamp with time zone NOT NULL,
	"destinatari" integer DEFAULT 0 NOT NULL
);
