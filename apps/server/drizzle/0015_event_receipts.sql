CREATE TABLE "event_receipts" (
	"listener" text NOT NULL,
	"event_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_receipts_listener_event_id_pk" PRIMARY KEY("listener","event_id")
);
