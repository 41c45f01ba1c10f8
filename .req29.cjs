const t0 = process.cpuUsage();
require(process.argv[2]);
const u = process.cpuUsage(t0);
console.log(((u.user + u.system) / 1000).toFixed(1));
