// The typed bridge between the console's renderer and its main process arrives with the
// console's admin screens; until then the renderer gets nothing from Node or Electron.
export {};
