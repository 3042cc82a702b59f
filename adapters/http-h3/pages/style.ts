/** The pages' stylesheet (inline under the CSP nonce; no external fonts or assets). */
export const PAGE_STYLE = `
:root { --ink: #1d2330; --muted: #5b6475; --line: #dfe3ea; --bg: #f7f8fa; --card: #fff; --accent: #1f5fbf; --ok: #1d7a46; --warn: #a05a00; --bad: #b42318; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--bg); }
.wrap { max-width: 1080px; margin: 0 auto; padding: 0 20px; }
header.top { background: #14213d; color: #fff; }
header.top .wrap { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 24px; min-height: 52px; padding-top: 8px; padding-bottom: 8px; }
.brand { font-weight: 700; letter-spacing: .02em; font-size: 17px; }
header.top nav { display: flex; flex-wrap: wrap; gap: 4px 18px; }
header.top nav a { color: #c9d6f2; text-decoration: none; font-size: 14px; }
header.top nav a[aria-current="page"], header.top nav a:hover { color: #fff; text-decoration: underline; }
main { padding: 28px 20px 60px; }
h1 { font-size: 28px; margin: 0 0 6px; }
h2 { font-size: 20px; margin: 34px 0 10px; padding-top: 8px; border-top: 1px solid var(--line); }
h3 { font-size: 16px; margin: 20px 0 6px; }
p.lede { color: var(--muted); margin-top: 0; font-size: 16px; }
a { color: var(--accent); }
code, pre { font: 13px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { background: #eef1f6; padding: 1px 5px; border-radius: 4px; }
p code, li code { overflow-wrap: break-word; }
pre { background: #0f172a; color: #e2e8f0; padding: 14px 16px; border-radius: 8px; overflow-x: auto; }
pre code { background: none; padding: 0; color: inherit; }
table { width: 100%; border-collapse: collapse; background: var(--card); border: 1px solid var(--line); border-radius: 8px; overflow: hidden; font-size: 14px; }
/* Every table sits in its own scroller: on a narrow screen the table scrolls, the page does not. */
.table-scroll { max-width: 100%; overflow-x: auto; border: 1px solid var(--line); border-radius: 8px; background: var(--card); margin: 0 0 8px; }
.table-scroll > table { border: none; border-radius: 0; }
th, td { text-align: left; padding: 7px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: #eef1f6; font-weight: 600; }
tr:last-child td { border-bottom: none; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.method { display: inline-block; min-width: 44px; font: 600 12px ui-monospace, monospace; padding: 1px 6px; border-radius: 4px; text-align: center; }
.method.get { background: #e3f1e8; color: var(--ok); }
.method.post { background: #e5edfb; color: var(--accent); }
.scope { font: 12px ui-monospace, monospace; color: var(--muted); }
.scope.public { color: var(--ok); }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 12px; margin: 14px 0; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; }
.card .label { color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
.card .value { font-size: 22px; font-weight: 650; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.card .value.small { font-size: 15px; font-weight: 600; padding-top: 5px; }
.note { background: #fff8e6; border: 1px solid #f3d58a; border-radius: 8px; padding: 10px 14px; }
.notice { border-radius: 8px; padding: 10px 14px; margin: 12px 0; border: 1px solid var(--line); background: var(--card); }
.notice.error { border-color: #f1b5ae; background: #fff1f0; color: var(--bad); }
.notice.info { border-color: #b9cdf0; background: #f0f5ff; }
.notice.warn { border-color: #f3d58a; background: #fff8e6; color: var(--warn); }
form.keyform { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; }
form.keyform label { font-weight: 600; }
form.keyform input { flex: 1 1 240px; min-width: 0; padding: 7px 10px; border: 1px solid #c3cad6; border-radius: 6px; font: 14px ui-monospace, monospace; }
button { padding: 7px 14px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; font: inherit; cursor: pointer; }
button.secondary { background: #fff; color: var(--accent); }
.muted { color: var(--muted); }
.bar { height: 8px; background: #e6e9ef; border-radius: 4px; overflow: hidden; min-width: 80px; }
.bar span { display: block; height: 100%; background: var(--ok); }
.toc { columns: 2; font-size: 14px; padding-left: 18px; }
section[hidden] { display: none; }
#runs-table td:nth-child(2) { white-space: nowrap; }
.coverage { min-width: 110px; }
.small { font-size: 12px; }
.id { overflow-wrap: anywhere; }
code.flags { white-space: nowrap; }
#package-inputs code, #package-outputs code { overflow-wrap: anywhere; }
ul.plain { list-style: none; margin: 0; padding: 0; }
.two-up { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 0 16px; }
.chart { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; display: grid; gap: 6px; }
.chart-row { display: grid; grid-template-columns: minmax(0, 24em) minmax(60px, 1fr) auto; gap: 10px; align-items: center; font-size: 14px; }
.chart-label { overflow-wrap: anywhere; min-width: 0; }
.chart-bar, .stack { height: 14px; background: #e6e9ef; border-radius: 4px; overflow: hidden; display: flex; }
.chart-bar span { display: block; height: 100%; background: var(--accent); }
.chart-value { font-variant-numeric: tabular-nums; color: var(--muted); white-space: nowrap; }
.stack span { display: block; height: 100%; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 14px; font-size: 13px; color: var(--muted); }
.legend i { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-right: 5px; vertical-align: -1px; }
.b0 { background: #1d7a46; } .b1 { background: #5fa777; } .b2 { background: #e0b34a; } .b3 { background: #d9822b; } .b4 { background: #b42318; }
/* The benefits screener (/docs): a form that wraps on a phone, program cards, status badges, question answers. */
.screen-form { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; display: grid; gap: 10px; }
.field-row { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: flex-end; }
.field-row label, .screen-form label { display: flex; flex-direction: column; gap: 2px; font-size: 13px; color: var(--muted); min-width: 0; max-width: 100%; }
.screen-form input, .screen-form select, .answers input, #screen-curve-form input, #screen-curve-form select { font: inherit; color: var(--ink); padding: 5px 8px; border: 1px solid #c3cad6; border-radius: 6px; background: #fff; max-width: 100%; }
.screen-form input[type=number], .answers input, #screen-curve-form input { width: 9em; }
.screen-person { border: none; border-top: 1px solid var(--line); margin: 0; padding: 8px 0 0; min-width: 0; }
.screen-person legend { font-size: 13px; color: var(--muted); padding: 0; }
.screen-added li { font-size: 13px; margin-top: 4px; overflow-wrap: anywhere; }
button.small-button { padding: 1px 8px; font-size: 12px; }
.screen-programs { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr)); gap: 12px; }
.screen-program { background: var(--card); border: 1px solid var(--line); border-left: 4px solid var(--muted); border-radius: 8px; padding: 10px 14px; min-width: 0; overflow-wrap: anywhere; font-size: 14px; }
.screen-program[data-status="eligible"] { border-left-color: var(--ok); }
.screen-program[data-status="ineligible"] { border-left-color: var(--bad); }
.screen-program[data-status="undetermined"] { border-left-color: var(--warn); }
.screen-program h4 { margin: 0 0 4px; font-size: 16px; display: flex; flex-wrap: wrap; justify-content: space-between; gap: 4px 10px; }
.screen-program p { margin: 4px 0; }
.screen-program code { overflow-wrap: anywhere; }
.screen-program details { font-size: 13px; color: var(--muted); }
.screen-sources { margin: 2px 0 6px; padding-left: 18px; font-size: 13px; }
.status { font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 10px; background: #eef1f6; color: var(--muted); }
.status.eligible { background: #e3f1e8; color: var(--ok); }
.status.ineligible { background: #fff1f0; color: var(--bad); }
.status.undetermined { background: #fff8e6; color: var(--warn); }
.screen-question { margin-bottom: 12px; overflow-wrap: anywhere; }
.screen-question p { margin: 2px 0; }
.answers { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 4px; }
#screen-results details, #screen-curve-breaks { margin: 8px 0; overflow-wrap: anywhere; }
.screen-cliffs li { margin-bottom: 6px; overflow-wrap: anywhere; font-size: 14px; }
#screen-curve-box svg { display: block; max-width: 100%; background: var(--card); border: 1px solid var(--line); border-radius: 8px; }
@media (max-width: 640px) {
  .wrap, main { padding-left: 14px; padding-right: 14px; }
  main { padding-top: 18px; }
  h1 { font-size: 23px; }
  .toc { columns: 1; }
  .cards { grid-template-columns: repeat(auto-fit, minmax(140px, 1fr)); }
  .chart-row { grid-template-columns: minmax(0, 1fr) auto; }
  .chart-row .chart-bar, .chart-row .stack { grid-column: 1 / -1; grid-row: 2; }
  /* Long reference tables reflow into one block per row, each cell labelled, instead of a squeezed grid. */
  .reflow table, .reflow tbody, .reflow tr, .reflow td { display: block; width: 100%; }
  .reflow thead { display: none; }
  .reflow tr { border-bottom: 1px solid var(--line); padding: 7px 0; }
  .reflow tr:last-child { border-bottom: none; }
  .reflow td { border: none; padding: 1px 12px; overflow-wrap: anywhere; }
  .reflow td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); font-size: 13px; }
  .reflow code { overflow-wrap: anywhere; }
  .reflow code.flags { white-space: normal; }
  #endpoints td:nth-child(-n+2) { display: inline-block; width: auto; max-width: 100%; padding-right: 0; }
  #endpoints td:nth-child(3)::before { content: "Key scope: "; color: var(--muted); font-size: 13px; }
  #error-codes td:nth-child(-n+2) { display: inline-block; width: auto; padding-right: 0; text-align: left; }
}
`;
