/// <reference types="@tarojs/taro" />

declare module '*.png'
declare module '*.gif'
declare module '*.jpg'
declare module '*.jpeg'
declare module '*.svg'
declare module '*.css'
declare module '*.scss'

declare namespace NodeJS {
  interface ProcessEnv {
    NODE_ENV: 'development' | 'production' | 'test'
    /** The platform being built: h5 or weapp. */
    TARO_ENV: 'weapp' | 'h5' | string
    /** Which backend environment the build targets: dev (default), test, master, online. */
    TARO_APP_ENV?: string
    TARO_APP_ID?: string
    /** The page the app opens on (a route name from config/routes.ts); default the first route. */
    TARO_APP_ENTRY_PAGE?: string
  }
}
