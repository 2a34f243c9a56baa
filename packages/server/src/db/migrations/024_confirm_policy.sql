-- The embedded wallet's confirmation policy per project (issues 23 §1, 22 §2; @portico/protocol/confirm-policy):
-- what the frame may let through without the user's confirmation, and which transfers need a second factor.
-- Written by `portico-api project set-policy`, read by GET /projects/v1/confirm-policy. NULL: none (every
-- unsafe request is confirmed by the user).

ALTER TABLE portico_projects.projects ADD COLUMN confirm_policy jsonb;
