// export's public module: the shape of the data export document.
export { exportDocumentSchema } from './export.schema';
