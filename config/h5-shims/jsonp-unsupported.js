// Stands in for jsonp-retry (config/h5-polyfills.ts): the client never asks Taro.request
// for JSONP, so a JSONP call fails the way Taro's request reports failures.
export default function jsonpUnsupported () {
  return Promise.reject(new Error('request:fail jsonp is not supported'))
}
