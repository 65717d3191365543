-- Who a research project is (issue 22): the allocation its namespace bills to, as the allocation system (ColdFront's
-- OpenShift plugin) annotates or labels the namespace, read from kube-state-metrics by the sync. The title column of
-- V1 is filled the same way. Each value is the last one seen: a namespace that loses an annotation keeps it here.
ALTER TABLE research_project
  ADD COLUMN pi                    varchar(253),
  ADD COLUMN institution           varchar(253),
  ADD COLUMN allocation_id         varchar(128),
  ADD COLUMN allocation_project_id varchar(128),
  ADD COLUMN field_of_science      varchar(253);
CREATE INDEX research_project_pi_idx ON research_project (pi) WHERE pi IS NOT NULL;
CREATE INDEX research_project_institution_idx ON research_project (institution) WHERE institution IS NOT NULL;
