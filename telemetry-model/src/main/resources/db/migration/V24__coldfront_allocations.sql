-- Who a project is, as ColdFront's REST API says it (issue 22): when configured, the allocation system of record
-- fills title, PI, allocation, allocation project and field of science of the namespaces it has an active allocation
-- for, and the fleet sync leaves those fields to it (metadata_source COLDFRONT) instead of reading the namespace's
-- annotations; a project ColdFront stops listing goes back to its annotations (NAMESPACE), keeping the values until then.
ALTER TABLE research_project
  ADD COLUMN metadata_source varchar(16) NOT NULL DEFAULT 'NAMESPACE'
    CONSTRAINT research_project_metadata_source_check CHECK (metadata_source IN ('NAMESPACE', 'COLDFRONT')),
  ADD COLUMN metadata_at     timestamptz;
