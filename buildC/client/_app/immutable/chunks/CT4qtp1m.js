import{G as p,af as t}from"./BhyVjzSp.js";import{B as c}from"./D7cGhiFq.js";function m(a,r,...s){var e=new c(a);p(()=>{const n=r()??null;e.ensure(n,n&&(o=>n(o,...s)))},t)}export{m as s};
