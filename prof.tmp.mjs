import { Resvg } from '@resvg/resvg-js';
const opts={font:{loadSystemFonts:false}};
for (const [w,h] of [[1000,1067],[500,500],[2000,2000]]) {
const empty = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#abc"/></svg>`;
const r=new Resvg(empty,opts); for (let i=0;i<3;i++){ let t0=performance.now(); const img=r.render(); const t1=performance.now(); img.asPng(); console.log(w,h,'render',(t1-t0).toFixed(0),'png',(performance.now()-t1).toFixed(0));}
}
let t0=performance.now(); let a=new Uint8Array(4e6); for(let k=0;k<10;k++) for(let i=0;i<a.length;i++) a[i]=(a[i]+i)&255; console.log('js 40M ops', (performance.now()-t0).toFixed(0));
