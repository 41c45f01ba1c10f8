/** `mailjudge quarantine`: the report is built in src/service/quarantine-report.ts (the web view shows the same). */
export { runQuarantine, type QuarantineOptions } from '../../service/quarantine-report.js';
