-- AMD Instinct GPUs beside NVIDIA ones (issue 23): which vendor a GPU is, for the API to say and filter by and the
-- pages to count by. Derived, not stored by anyone: the worker names an AMD GPU 'AMD-<board serial>' (the prometheus
-- module's AmdLabels.deviceId, matched case-insensitively as AmdLabels.isAmdDeviceId does) and an NVIDIA GPU by its
-- 'GPU-…' UUID, so the UUID already says the vendor. A generated column keeps that rule in one place for every query
-- and can never disagree with the UUID; it sits on the device, not on the SKU (gpu), because the device list filters by
-- it without a join and a SKU row seen only in metrics has no other vendor evidence. The partial index serves the
-- selective filter (AMD GPUs in a mostly NVIDIA fleet); the other value is most rows, read by the existing indexes.
ALTER TABLE gpu_device
  ADD COLUMN vendor varchar(16) NOT NULL
    GENERATED ALWAYS AS (CASE WHEN upper(left(uuid, 4)) = 'AMD-' THEN 'AMD' ELSE 'NVIDIA' END) STORED;
CREATE INDEX gpu_device_amd_idx ON gpu_device (node_id) WHERE vendor = 'AMD';
