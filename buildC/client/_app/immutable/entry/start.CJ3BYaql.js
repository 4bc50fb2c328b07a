import{s as r}from"../chunks/Bdn8SN5s.js";import{y as t}from"../chunks/ras4GAWO.js";export{t as load_css,r as start};
