// Draws the page's charts from the site's named chart queries and posts its forms with the CSRF token.
// The browser only names a chart and its subject; the server owns every query (no PromQL leaves this file).
(function () {
  "use strict";

  const COLORS = ["#1f5fbf", "#d9822b", "#1d7a3e", "#b3261e", "#7b4fb8", "#0f8b8d", "#8a6d00", "#c2185b"];
  const charts = new Map();

  function csrfToken() {
    const cookie = document.cookie.split("; ").find((c) => c.startsWith("XSRF-TOKEN="));
    return cookie ? decodeURIComponent(cookie.substring("XSRF-TOKEN=".length)) : "";
  }

  function chartUrl(element, range) {
    const params = new URLSearchParams();
    if (element.dataset.subject) {
      params.set(element.dataset.subject, element.dataset.subjectValue);
    }
    params.set("range", range);
    return "/pages/charts/" + encodeURIComponent(element.dataset.chart) + "?" + params.toString();
  }

  function timeLabel(millis, range) {
    const date = new Date(millis);
    const iso = date.toISOString();
    return range === "7d" || range === "30d" ? iso.substring(5, 16).replace("T", " ") : iso.substring(11, 16);
  }

  async function draw(element, range) {
    const status = element.querySelector(".status");
    status.textContent = "Loading…";
    let data;
    try {
      const response = await fetch(chartUrl(element, range), { headers: { Accept: "application/json" } });
      if (!response.ok) {
        const problem = await response.json().catch(() => ({}));
        throw new Error(problem.detail || "HTTP " + response.status);
      }
      data = await response.json();
    } catch (error) {
      status.textContent = "Could not load this chart: " + error.message;
      element.dataset.state = "error";
      return;
    }
    const points = data.series.reduce((n, line) => n + line.points.length, 0);
    status.textContent = (data.notices.length ? data.notices.join("; ") + " " : "")
      + (points === 0 ? "No data in this window." : "");
    const canvas = element.querySelector("canvas");
    const datasets = data.series.map((line, i) => ({
      label: line.name,
      data: line.points.map((p) => ({ x: p[0], y: p[1] })),
      borderColor: COLORS[i % COLORS.length],
      backgroundColor: COLORS[i % COLORS.length],
      // A line of a few points (a source that started recently) would be invisible without its points.
      pointRadius: line.points.length < 20 ? 2 : 0,
      borderWidth: 1.5,
    }));
    if (charts.has(element)) {
      charts.get(element).destroy();
    }
    charts.set(element, new Chart(canvas, {
      type: "line",
      data: { datasets },
      options: {
        animation: false,
        maintainAspectRatio: false,
        parsing: false,
        plugins: { title: { display: true, text: data.title + " (" + data.unit + ")" }, legend: { position: "bottom" } },
        scales: {
          x: {
            type: "linear",
            min: Date.parse(data.from),
            max: Date.parse(data.to),
            ticks: { callback: (value) => timeLabel(value, data.range), maxTicksLimit: 8 },
          },
          y: { beginAtZero: true },
        },
      },
    }));
    element.dataset.state = "drawn";
  }

  // A bar chart of a server-rendered table (the table stays the accessible form of the same figures).
  function drawTable(holder) {
    const table = document.getElementById(holder.dataset.barChart);
    const rows = table ? Array.from(table.tBodies[0].rows).filter((row) => row.cells.length > 2) : [];
    if (rows.length === 0) {
      holder.hidden = true;
      return;
    }
    const header = Array.from(table.tHead.rows[0].cells).map((cell) => cell.textContent);
    const number = (row, i) => parseFloat(row.cells[i].textContent) || 0;
    const bars = [1, 2].map((column, i) => ({
      type: "bar",
      label: header[column],
      data: rows.map((row) => number(row, column)),
      backgroundColor: COLORS[i],
      yAxisID: "hours",
    }));
    const costColumn = header.length - 1;
    const cost = {
      type: "line",
      label: header[costColumn],
      data: rows.map((row) => number(row, costColumn)),
      borderColor: COLORS[3],
      backgroundColor: COLORS[3],
      yAxisID: "cost",
    };
    new Chart(holder.querySelector("canvas"), {
      data: { labels: rows.map((row) => row.cells[0].textContent.replace(" UTC", "")), datasets: bars.concat([cost]) },
      options: {
        animation: false,
        maintainAspectRatio: false,
        plugins: { legend: { position: "bottom" } },
        scales: {
          hours: { position: "left", beginAtZero: true, title: { display: true, text: "GPU-hours" } },
          cost: { position: "right", beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: true, text: header[costColumn] } },
        },
      },
    });
    holder.dataset.state = "drawn";
  }

  function drawAll(range) {
    document.querySelectorAll("[data-chart]").forEach((element) => draw(element, range));
  }

  async function submitJson(form) {
    const result = form.querySelector(".result");
    const body = {};
    new FormData(form).forEach((value, key) => {
      if (value !== "") {
        body[key] = value;
      }
    });
    result.textContent = "Sending…";
    const response = await fetch(form.action, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-XSRF-TOKEN": csrfToken() },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok) {
      result.textContent = answer.message || "Done.";
      result.className = "result notice";
    } else {
      result.textContent = answer.detail || "Refused (HTTP " + response.status + ").";
      result.className = "result notice error";
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    const select = document.querySelector(".chart-range select");
    if (select) {
      select.addEventListener("change", () => drawAll(select.value));
    }
    if (typeof Chart !== "undefined") {
      drawAll(select ? select.value : "24h");
      document.querySelectorAll("[data-bar-chart]").forEach(drawTable);
    }
    document.querySelectorAll("form[data-json]").forEach((form) => {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        submitJson(form);
      });
    });
  });
})();
