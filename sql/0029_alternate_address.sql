-- Issue 27: a second registered address, where the judge tells a person that mail to their
-- registered address bounced (src/service/bounce-notice.ts). It only ever RECEIVES that notice:
-- orders and commands still count only from `email`, the registered address (D.II(3), D.X(6);
-- docs/identity.md). Never the registered address itself, compared case-insensitively.
ALTER TABLE people ADD COLUMN alternate_email text
  CHECK (alternate_email ~ '^[^@\s]+@[^@\s]+$' AND lower(alternate_email) <> lower(email));
