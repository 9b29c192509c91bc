/**
 * The catalog page's style sheet, inlined into the page (no external font or file): system fonts,
 * light and dark colours by `prefers-color-scheme`, a side bar that becomes a top section at phone
 * width, and a visible focus ring for keyboard use.
 */
export const pageStyle = `
:root{color-scheme:light dark;--bg:#f7f7f9;--panel:#fff;--text:#1c1e24;--muted:#5d6270;--line:#e2e4ea;--accent:#4b4fd1;--accent-soft:#ececfd;--code:#f1f2f6;
--pure:#0f7b4f;--pure-bg:#dcf5e8;--untrusted:#9a5b00;--untrusted-bg:#fdf0d5;--consequential:#b42318;--consequential-bg:#fde4e1;--declaration:#5b5f6b;--declaration-bg:#eceef2;--streaming:#1f5fb4;--streaming-bg:#dfeafc;
--font:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace}
@media (prefers-color-scheme:dark){:root{--bg:#111318;--panel:#191c23;--text:#e6e8ee;--muted:#9aa0ad;--line:#2b2f3a;--accent:#9ea3ff;--accent-soft:#262a48;--code:#22262f;
--pure:#6fdcaa;--pure-bg:#123526;--untrusted:#f2c05c;--untrusted-bg:#3a2c0f;--consequential:#ff9a8f;--consequential-bg:#45191a;--declaration:#b7bcc8;--declaration-bg:#2b2f3a;--streaming:#8fb8ff;--streaming-bg:#17294a}}
*{box-sizing:border-box}
[hidden]{display:none!important}
html{scroll-padding-top:1rem}
body{margin:0;background:var(--bg);color:var(--text);font:15px/1.55 var(--font)}
a{color:var(--accent)}
code,pre,kbd{font-family:var(--mono);font-size:.86em}
:focus-visible{outline:2px solid var(--accent);outline-offset:2px;border-radius:4px}
.tc-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.tc-skip{position:absolute;left:-999px;top:.5rem;background:var(--panel);padding:.4rem .7rem;z-index:10}
.tc-skip:focus{left:.5rem}
.tc-app{display:grid;grid-template-columns:minmax(15rem,19rem) 1fr;min-height:100vh}
.tc-side{position:sticky;top:0;height:100vh;overflow:auto;padding:1.25rem 1rem;border-right:1px solid var(--line);background:var(--panel)}
.tc-brand h1{font-size:1.15rem;margin:0;word-break:break-word}
.tc-brand p{margin:.15rem 0 1rem;font-size:.85rem}
.tc-muted{color:var(--muted)}
.tc-search-row{position:relative}
.tc-input{width:100%;font:inherit;line-height:1.35;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:.4rem .6rem}
.tc-input[aria-invalid=true]{border-color:var(--consequential)}
.tc-search{padding-right:2rem}
.tc-kbd{position:absolute;right:.5rem;top:50%;transform:translateY(-50%);border:1px solid var(--line);border-radius:4px;padding:0 .35rem;color:var(--muted);background:var(--panel)}
.tc-count{font-size:.8rem;color:var(--muted);margin:.5rem .2rem}
.tc-nav{list-style:none;margin:0;padding:0}
.tc-nav a{display:flex;align-items:center;justify-content:space-between;gap:.5rem;padding:.3rem .5rem;border-radius:6px;color:var(--text);text-decoration:none;font-family:var(--mono);font-size:.85rem}
.tc-nav a:hover,.tc-nav a:focus-visible{background:var(--accent-soft)}
.tc-dots{display:flex;gap:3px}
.tc-dot{width:7px;height:7px;border-radius:50%;background:currentColor}
.tc-legend{list-style:none;margin:1rem 0 0;padding:.75rem .5rem 0;border-top:1px solid var(--line);display:flex;flex-wrap:wrap;gap:.3rem .9rem;font-size:.75rem;color:var(--muted)}
.tc-legend li{display:flex;align-items:center;gap:.35rem}
.tc-content{min-width:0;padding:1.5rem clamp(1rem,3vw,2.5rem) 3rem}
.tc-main{max-width:56rem;display:flex;flex-direction:column;gap:1.25rem}
.tc-tool{background:var(--panel);border:1px solid var(--line);border-radius:12px;padding:1.1rem 1.3rem}
.tc-tool:target,.tc-tool:focus{border-color:var(--accent);outline:none}
.tc-tool-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.4rem .75rem}
.tc-tool-head h2{font-size:1.2rem;margin:0}
.tc-anchor{color:var(--muted);text-decoration:none;margin-right:.35rem;font-weight:400}
.tc-anchor:hover{color:var(--accent)}
.tc-tool-name{color:var(--muted)}
.tc-signature-line{margin:.35rem 0 0;overflow-wrap:anywhere}
.tc-signature-line a{text-decoration:none}
.tc-signature{white-space:pre;font-size:.92em}
.tc-badges{list-style:none;display:flex;flex-wrap:wrap;gap:.35rem;margin:0;padding:0}
.tc-badge{font-size:.72rem;font-weight:600;letter-spacing:.02em;padding:.1rem .5rem;border-radius:999px}
.tc-badge-pure{color:var(--pure);background:var(--pure-bg)}
.tc-badge-untrusted{color:var(--untrusted);background:var(--untrusted-bg)}
.tc-badge-consequential{color:var(--consequential);background:var(--consequential-bg)}
.tc-badge-declaration{color:var(--declaration);background:var(--declaration-bg)}
.tc-badge-streaming{color:var(--streaming);background:var(--streaming-bg)}
.tc-dot.tc-badge-pure,.tc-dot.tc-badge-untrusted,.tc-dot.tc-badge-consequential,.tc-dot.tc-badge-declaration,.tc-dot.tc-badge-streaming{background:currentColor}
.tc-md p{margin:.4rem 0}
.tc-md code,.tc-prop code,.tc-fact code,.tc-source code{background:var(--code);border-radius:4px;padding:.05rem .3rem}
.tc-md pre,.tc-code{background:var(--code);border-radius:8px;padding:.6rem .8rem;overflow:auto;margin:.5rem 0}
.tc-md pre code{background:none;padding:0}
.tc-description{margin:.5rem 0 .25rem}
.tc-section h3{font-size:.78rem;text-transform:uppercase;letter-spacing:.08em;color:var(--muted);margin:1rem 0 .4rem}
.tc-props{list-style:none;margin:0;padding:0;border-left:2px solid var(--line)}
.tc-prop{padding:.35rem 0 .35rem .8rem}
.tc-prop+.tc-prop{border-top:1px dashed var(--line)}
.tc-prop-head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.45rem}
.tc-name{font-weight:600;background:none!important;padding:0!important}
.tc-type{font-family:var(--mono);font-size:.8rem;color:var(--accent)}
a.tc-type{text-decoration:underline dotted}
.tc-required{font-size:.7rem;font-weight:600;color:var(--consequential)}
.tc-optional{font-size:.7rem;color:var(--muted)}
.tc-deprecated{font-size:.7rem;color:var(--untrusted)}
.tc-help{font-size:.88rem;color:var(--muted)}
.tc-prop .tc-md,.tc-branch>.tc-md{font-size:.9rem;color:var(--muted)}
.tc-prop .tc-md p,.tc-branch>.tc-md p{margin:.1rem 0}
.tc-facts{display:flex;flex-wrap:wrap;gap:.25rem .8rem;font-size:.8rem;color:var(--muted);margin:.15rem 0}
.tc-enum+.tc-enum{margin-left:.25rem}
.tc-items,.tc-union,.tc-branch{margin:.3rem 0 .2rem}
.tc-union>.tc-muted,.tc-items>.tc-muted{font-size:.78rem}
.tc-tablist{display:flex;flex-wrap:wrap;gap:.25rem;margin:.3rem 0;border-bottom:1px solid var(--line)}
.tc-tab{font:inherit;font-size:.82rem;color:var(--muted);background:none;border:0;border-bottom:2px solid transparent;padding:.25rem .6rem;cursor:pointer}
.tc-tab[aria-selected=true]{color:var(--accent);border-bottom-color:var(--accent);font-weight:600}
.tc-tabpanel{padding:.2rem 0 0 .2rem}
.tc-defs{margin-top:.6rem}
.tc-defs h4{font-size:.8rem;color:var(--muted);margin:.6rem 0 .3rem}
.tc-def{border:1px solid var(--line);border-radius:8px;padding:.5rem .75rem;margin:.4rem 0}
.tc-def:target,.tc-def:focus{border-color:var(--accent);outline:none}
.tc-def h5{margin:0 0 .2rem;font-size:.9rem}
.tc-source{margin-top:1rem;padding-top:.6rem;border-top:1px solid var(--line);font-size:.8rem;color:var(--muted)}
.tc-empty{color:var(--muted)}
.tc-footer{max-width:56rem;font-size:.78rem;margin-top:2rem}
.tc-try{display:flex;flex-direction:column;gap:.6rem;border:1px dashed var(--line);border-radius:10px;padding:.8rem}
.tc-field{border:0;margin:0;padding:0;display:flex;flex-direction:column;gap:.25rem}
.tc-object,.tc-array,.tc-union-field,.tc-optional-object{border-left:2px solid var(--line);padding-left:.75rem}
.tc-object,.tc-array{display:flex;flex-direction:column;gap:.5rem}
.tc-field legend,.tc-label,.tc-field summary{display:flex;flex-wrap:wrap;align-items:baseline;gap:.45rem;font-size:.88rem}
.tc-field summary{cursor:pointer}
.tc-try .tc-input{max-width:28rem}
.tc-try .tc-json{max-width:40rem}
.tc-branch-field{border-left:0;padding-left:0}
.tc-items-list{margin:0;padding-left:1.1rem;display:flex;flex-direction:column;gap:.5rem}
.tc-item{display:flex;flex-direction:column;gap:.3rem}
.tc-button{font:inherit;font-size:.85rem;align-self:flex-start;color:var(--text);background:var(--panel);border:1px solid var(--line);border-radius:8px;padding:.3rem .8rem;cursor:pointer}
.tc-button:hover{border-color:var(--accent)}
.tc-primary{background:var(--accent);border-color:var(--accent);color:var(--panel);font-weight:600}
.tc-danger{background:var(--consequential);border-color:var(--consequential);color:var(--panel);font-weight:600}
.tc-fault{margin:0;font-size:.82rem;color:var(--consequential);font-weight:600}
.tc-result{display:block}
.tc-result.tc-success strong{color:var(--pure)}
.tc-result.tc-failure strong{color:var(--consequential)}
.tc-dialog{border:1px solid var(--line);border-radius:12px;background:var(--panel);color:var(--text);max-width:32rem;width:calc(100% - 2rem)}
.tc-dialog::backdrop{background:rgb(0 0 0/.45)}
.tc-dialog h2{margin:0 0 .5rem;font-size:1.1rem}
.tc-dialog-buttons{display:flex;gap:.5rem;justify-content:flex-end}
.tc-dialog-buttons .tc-button{align-self:auto}
@media (max-width:760px){.tc-app{display:block}.tc-side{position:static;height:auto;border-right:0;border-bottom:1px solid var(--line)}.tc-nav{display:flex;flex-wrap:wrap;gap:.25rem}.tc-nav a{border:1px solid var(--line)}.tc-legend{list-style:none;margin:1rem 0 0;padding:.75rem .5rem 0;border-top:1px solid var(--line);display:flex;flex-wrap:wrap;gap:.3rem .9rem;font-size:.75rem;color:var(--muted)}
.tc-legend li{display:flex;align-items:center;gap:.35rem}
.tc-content{padding:1rem .75rem 2rem}.tc-tool{padding:.9rem}}
`.trim()
