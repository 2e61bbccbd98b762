-- On hold (issue 13; spec §3 conversation stages): stage 'hold' keeps the conversation's operator;
-- hold_until is when it comes back to them (null: at the customer's next message). The timer is a
-- pg-boss job (inbox.hold-resume) that resumes only a hold still ending at that moment.
ALTER TABLE "conversations" ADD COLUMN "hold_until" timestamptz;
