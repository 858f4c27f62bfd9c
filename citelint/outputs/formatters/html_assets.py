"""The HTML view's own style sheet and script: a page is one self-contained file, so both
are written into every page (no file fetched, no network)."""

from __future__ import annotations

STYLE = """
body{font:15px/1.55 system-ui,sans-serif;margin:0;display:flex;color:#1d1d1f}
main{flex:1 1 auto;min-width:0;padding:1.2em 2em;max-width:62em;overflow-wrap:anywhere}
aside{flex:0 0 34%;min-width:18em;border-left:1px solid #ccc;padding:1.2em;position:sticky;
top:0;height:100vh;overflow:auto;background:#fafafa;box-sizing:border-box;
overflow-wrap:anywhere}
table.index{border-collapse:collapse;width:100%;table-layout:fixed}
table.index th{cursor:pointer;user-select:none;white-space:nowrap}
table.index th:first-child{width:45%}
table.index tr:nth-child(even) td{background:#f5f5f7}
.ln{display:inline-block;min-width:3em;color:#888;font:12px ui-monospace,monospace}
#index-search{width:100%;box-sizing:border-box;padding:4px;margin:.4em 0}
header{margin-bottom:1em}.counts{font-weight:600}
.claim{cursor:pointer;border-radius:3px;padding:1px 2px}
.claim:focus,.claim.selected{outline:2px solid #0a58ca}
.verdict-ok{background:#d4f4dd}.verdict-warn{background:#ffe8b3}
.verdict-fail{background:#ffd0d0}.verdict-none{background:#eee;color:#555}
.verdict-unchecked{background:#e4ecf7}
.unit{margin:.5em 0}.unit.heading{font-weight:700;font-size:1.1em}
mark.match{background:#8fe3a5}mark.missing{background:#ff8a8a}
.excerpt.evidence{border-color:#0a58ca;border-width:2px}
.excerpt{white-space:pre-wrap;font-family:ui-monospace,monospace;font-size:13px;
background:#fff;border:1px solid #ddd;padding:.5em}
.details{display:none}table.index td,table.index th{padding:2px 8px;text-align:left}
.finding{font-family:ui-monospace,monospace;font-size:13px}
"""

SCRIPT = """
(function(){
  function show(id){
    var claim=document.querySelector('[data-claim="'+id+'"]');
    var detail=document.getElementById('detail-'+id);
    if(!claim||!detail){return;}
    claim.scrollIntoView({block:'center'});
    document.querySelectorAll('.claim.selected').forEach(function(c){c.classList.remove('selected');});
    claim.classList.add('selected');
    var panel=document.getElementById('panel-body');
    panel.innerHTML=detail.innerHTML;
    panel.setAttribute('data-claim',id);
  }
  document.addEventListener('click',function(e){
    var c=e.target.closest('.claim'); if(c){show(c.getAttribute('data-claim'));}
  });
  document.addEventListener('keydown',function(e){
    var c=e.target.closest&&e.target.closest('.claim');
    if(c&&(e.key==='Enter'||e.key===' ')){e.preventDefault();show(c.getAttribute('data-claim'));}
  });
  function fromHash(){
    var m=location.hash.match(/^#claim-(.+)$/);
    if(m){var c=document.querySelector('[data-claim="'+m[1]+'"]'); if(c){c.click();}}
  }
  window.addEventListener('hashchange',fromHash); fromHash();
  function filter(){
    var failed=document.getElementById('filter-failed').checked;
    var rule=document.getElementById('filter-rule').value;
    var file=document.getElementById('filter-file').value;
    document.querySelectorAll('section.report').forEach(function(s){
      var hasFinding=s.querySelector('.finding')!==null;
      s.hidden=(file&&s.id!==file)||(failed&&!hasFinding)||
        (rule&&!s.querySelector('.finding[data-code="'+rule+'"]'));
    });
    document.querySelectorAll('.finding').forEach(function(f){
      f.hidden=!!rule&&f.getAttribute('data-code')!==rule;
    });
    document.querySelectorAll('.claim').forEach(function(c){
      var v=c.getAttribute('data-verdict'), codes=' '+c.getAttribute('data-codes')+' ';
      c.hidden=(failed&&(v==='ok'||v==='none'))||(!!rule&&codes.indexOf(' '+rule+' ')<0);
    });
  }
  ['filter-failed','filter-rule','filter-file'].forEach(function(id){
    var el=document.getElementById(id); if(el){el.addEventListener('change',filter);}
  });
  var search=document.getElementById('index-search');
  if(search){search.addEventListener('input',function(){
    var q=search.value.toLowerCase();
    document.querySelectorAll('table.index tbody tr').forEach(function(r){
      r.hidden=!!q&&r.getAttribute('data-path').toLowerCase().indexOf(q)<0;});
  });}
  document.querySelectorAll('table.index th').forEach(function(th,i){
    th.addEventListener('click',function(){
      var body=th.closest('table').tBodies[0], rows=Array.prototype.slice.call(body.rows);
      var dir=th.getAttribute('data-dir')==='asc'?'desc':'asc'; th.setAttribute('data-dir',dir);
      rows.sort(function(a,b){
        var x=a.cells[i].getAttribute('data-value'), y=b.cells[i].getAttribute('data-value');
        var c=i===0?x.localeCompare(y):(+x)-(+y); return dir==='asc'?c:-c;});
      rows.forEach(function(r){body.appendChild(r);});
    });
  });
  var q=new URLSearchParams(location.search);  // ?failed=1&rule=CODE&file=report-0
  if(q.has('failed')||q.has('rule')||q.has('file')){
    if(!document.getElementById('filter-failed')){return;}
    document.getElementById('filter-failed').checked=q.get('failed')==='1';
    document.getElementById('filter-rule').value=q.get('rule')||'';
    document.getElementById('filter-file').value=q.get('file')||'';
    filter();
  }
})();
"""
