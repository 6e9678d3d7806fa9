// Stands in for a polyfill the H5 build leaves out (config/h5-polyfills.ts): every
// browser the H5 client supports has the feature natively.
export {}
