// One renderer per export format (docs/product-spec.md §9), shared by the generator and history screens.
export { storiesToPlainText } from "./plain-text";
export { escapeMarkdown, storiesToMarkdown } from "./markdown";
export { escapeJira, storiesToJiraWiki } from "./jira-wiki";
export { renderStoriesPdf } from "./pdf";
export {
  DEFAULT_FILE_BASE,
  EXPORT_MIME,
  exportFilename,
  generatorExportFilename,
  historyJiraFilename,
  localDate,
  type ExportFormat,
  type ExportOrigin,
} from "./filenames";
export { downloadBlob, downloadText } from "./download";
export { meetingNotes, type MeetingNotes } from "./fields";
