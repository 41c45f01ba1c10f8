const t0 = process.cpuUsage();
const spec = process.argv[2];
await import(spec.startsWith('.') || spec.startsWith('/') ? new URL(spec, 'file://' + process.cwd() + '/').href : spec);
const u = process.cpuUsage(t0);
console.log(((u.user + u.system) / 1000).toFixed(1));
