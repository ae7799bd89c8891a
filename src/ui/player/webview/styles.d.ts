// esbuild bundles the style sheet the player script imports into dist/player.css.
declare module '*.css';
