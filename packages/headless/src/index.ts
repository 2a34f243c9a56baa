export * from "./core/errors"
