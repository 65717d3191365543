-- Idle-GPU notices (issue 21): each GPU keeps the label its notice's mail named it by, so that the weekly statement's
-- digest shows the same words without a second spelling of them; and a statement round reads a period's notices of
-- every project by time.
ALTER TABLE idle_notice_gpu ADD COLUMN label text;
UPDATE idle_notice_gpu
SET label = coalesce(gpu_uuid, entity_kind || ' ' || entity_id)
            || coalesce(' MIG ' || mig_profile || ' (instance ' || gpu_instance_id || ')', '');
ALTER TABLE idle_notice_gpu ALTER COLUMN label SET NOT NULL;

CREATE INDEX idle_notice_noticed_idx ON idle_notice (noticed_at);
