/** `mailjudge audit`: the report is built in src/service/audit-report.ts (the web view's TD audit shows the same). */
export { runAudit, type AuditOptions } from '../../service/audit-report.js';
