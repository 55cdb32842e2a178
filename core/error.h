// error.h — user errors as values. The core never prints and never exits; a bad file or a bad hyperparameter
// comes back as an Error that says what and where, and only the UI turns it into a dialog.
//
// An Error is a code plus named arguments, so the UI can translate it; `message` is the English sentence the CLI
// prints. Usage:
//
//   return Error(ErrorCode::JsonFieldNotInteger, {{"field", "heads"}, {"found", "\"4\""}}).in_file(path);
//   // message: "m.safetensors: field 'heads': expected an integer, got "4""
//
//   if (!inner) return Error(inner.error()).in_file(path);   // wrap an error from a callee with where it happened
//
// The English templates ("field '{field}': expected an integer, got {found}") live in one table, error_codes.h,
// one entry per code; the UI translates the template (context "gb::Error") and fills in the same arguments.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace gb {

// One code per kind of sentence. Keep the order of kErrorTemplates in error_codes.h (a static_assert checks it).
enum class ErrorCode {
  Plain,  // a sentence made elsewhere (the CLI's own usage errors), never translated
  // files
  FileCannotOpen, FileTooLarge, FileReadError, FileCannotCreateTemp, FileWriteFailed, FileFlushFailed,
  FileReplaceFailed, FileEmpty, BinaryFile, NotUtf8, LoadingCancelled, SavingCancelled,
  // safetensors
  StTruncated, StHeaderTooLarge, StHeaderPastEnd, StMetadataNotObject, StMetadataFieldNotString, StTensorNotObject,
  StTensorNoDtype, StTensorDtype, StTensorNoShape, StTensorOffsetsForm, StTensorShapeEntries, StTensorShapeTooLarge,
  StTensorOffsetsNotInt, StTensorOffsetsReversed, StTensorOffsetsPastData, StTensorSizeMismatch, StTensorOverlap,
  StGap, StTrailingData,
  // JSON
  JsonInvalid, JsonDuplicateKey, JsonNotObject, JsonFieldMissing, JsonFieldNotInteger, JsonFieldOutOfRange,
  JsonFieldNotNumber, JsonFieldNotBool, JsonFieldNotString,
  // configuration and names
  ConfigOutOfRange, ConfigEncoderLayers, ConfigHeadsDivide, ConfigDropout, ConfigTokenId, BadVariant, BadNorm,
  BadActivation, BadOptimizer, BadTokenizerKind,
  // examples
  TargetEmpty, SourceEmpty, TargetTooLong, SequenceTooLong, SourceTooLong, TargetBadId, SequenceBadId, SourceBadId,
  ExampleTooLong,
  // tokenizer
  TokenizerNotObject, TokenizerVocabNotArray, TokenizerNoSpecials, TokenizerVocabNotString, TokenizerVocabRepeat,
  TokenizerSpecialIds, TokenizerMergesNotArray, TokenizerMergeNotPair,
  // data files and tasks
  PairTextAfterQuote, PairQuoteNotClosed, PairFieldsTab, PairFieldsComma, PairSourceEmpty, PairTargetEmpty,
  NoUsablePairs, NoUsablePairsMalformed, IdsFieldMissing, IdsFieldNotArray, IdsNotInteger, IdsOutOfRange,
  NoExamples, NoTrainingExamplesLeft, TrainingSetEmpty, ValidationFraction, PlainTextNeedsDecoderOnly,
  TextTooShort, NoDataDescription, UnknownTask, NegativeExampleCount, PerturbationLengths,
  // model files
  TensorMissing, TensorShape, TensorUnexpected, TensorNotFinite, LossField, SeedField, CursorMissing,
  CursorOrderMissing, CursorOrderIndices, CursorPastOrder, CursorRng, RngStateUnsigned, NotGlassboxModel,
  FormatVersion, ConfigMetadataMissing, TokenizerTooLarge, DataNotObject, HistoryNotArray, OptTensorUnexpected,
  HistoryGradNorms, LastTensorUnexpected,
  CannotSave,
  // decoding
  NoBosToken, DecoderOnlyNoSource, PromptEmpty, SequenceFull, ForcedTokenNotInVocab, BadTemperature, BadTopK,
  BadTopP, NothingToBranch, BeamWidth, BeamNoNewTokens, BeamNoHypothesis,
  // long runs cancelled by their caller (decode_to_end, beam_search, trace_forward)
  DecodeCancelled, BeamCancelled, TraceCancelled,
  // the mask editor's mask against the probe
  MaskSize,
  // the training plan (train/plan.cpp) and the data against the model
  StHeaderNotObject, JsonInvalidAt, PlanIncomplete, PlanSteps, PlanBatchSize, PlanLearningRate, PlanBetas, PlanEpsilon, PlanWeightDecay, PlanScheduleSteps, PlanMinLrRatio, PlanClip, PlanNoData, PlanMemory, PlanParamShapes, PlanResumeIncomplete, PlanResumeOtherData, PlanResumeNotPermutation, PlanResumePosition, PlanResumeDone, PlanResumeNegativeT, PlanResumeOptimizerShapes, PlanResumeNoMoments, PlanRunGoing, PlanNoModel, PlanNoDataLoaded, DataOtherVocabulary, DataTokenizerTooLarge, DataForDecoderOnly, DataForEncoderDecoder, DataExampleDoesNotFit,
  // model families
  ConfigNotInFamily, DataForOneSequence, NotForFamily, ConfigCellActivation, DataIsModelFile, TensorNotDistribution,
  BadCell, BadAttention, ConfigOptionNotInFamily, ConfigLstmActivation,
  // observations (hmm-gmm)
  ConfigVocabNotZero, ObsLineCount, ObsNotNumber, ObsNoData, ObsDimension, TensorNotPositive, ObsForTokenFamily,
  TokensForObsFamily, FamilyNotInWindow,
  // importing a Hugging Face checkpoint folder (core/io/hf_import.h) and its tokenizer files
  StTensorDtypeUnknown, StTensorDtypeNotFloat, HfNotFolder, HfNoConfig, HfModelType, HfConfigInteger, HfNoWeights,
  HfOnlyPickle, HfMissingTensor, HfTensorShape, HfNoTokenizer, HfVocabForm, HfVocabIdLarge, HfMergeLine,
  HfMergeUnknown, HfVocabSize, HfShardedWeights, ConfigLnEps, HfUnexpectedTensor,
  BadPositions, ConfigTransformerOption, HfSpmInvalid, HfConfigNumber, HfConfigBool, HfConfigString,
  HfConfigDivisor, HfConfigSame, HfConfigOneOf, HfConfigUnsupported, HfVocabNoId, HfVocabNoToken, HfVocabIdTwice,
  HfMemory,
  // decoding and traces against the memory there is (core/decode/session.h, core/model/stepper.h)
  DecodeMemory, TraceMemory,
  Count  // not a code: the number of codes
};

using ErrorArgs = std::vector<std::pair<std::string, std::string>>;  // {name, value}, e.g. {"field", "heads"}

// The English template of a code, with {name} placeholders.
const char* error_template(ErrorCode code);
// Replaces each {name} in text by its value in args; a placeholder without an argument stays as it is.
std::string fill_error_template(std::string_view text, const ErrorArgs& args);

class Error {
 public:
  ErrorCode code = ErrorCode::Plain;
  ErrorArgs args;
  std::string file;  // where: a path, or a path and a part of it ("m.safetensors: glassbox.config"); may be empty
  int line = 0;      // 1-based line in file; 0 = none
  std::string message;  // the English sentence with its "file:line: " prefix — what the CLI prints

  Error(ErrorCode code, ErrorArgs args = {});
  // A sentence that is not from the table. Only for the CLI's usage errors, which are never translated.
  static Error plain(std::string english) { return Error(ErrorCode::Plain, {{"text", std::move(english)}}); }

  // Says where the error happened. If a file is already set, the new one goes in front ("outer: inner:3: …"),
  // so an error from a nested part (a header, a metadata entry) keeps both. An empty path changes nothing.
  Error& in_file(const std::string& path);
  Error& at_line(int n);
  // An error caused by another: the cause's English sentence fills {problem}, and its code and arguments travel
  // along ("cause_code", "cause.NAME") so that a UI can translate the cause too.
  static Error with_cause(ErrorCode code, ErrorArgs args, const Error& cause);
  std::string arg(const std::string& name) const;  // "" when absent
  std::string where() const;                       // "file:line", "file" or ""

 private:
  void rebuild();
};

// A value or an Error. Minimal stand-in for C++23 std::expected.
template <class V> class [[nodiscard]] Result {
 public:
  Result(V value) : m_(std::move(value)) {}
  Result(Error error) : m_(std::move(error)) {}
  bool ok() const { return std::holds_alternative<V>(m_); }
  explicit operator bool() const { return ok(); }
  V& value() { return std::get<V>(m_); }
  const V& value() const { return std::get<V>(m_); }
  V& operator*() { return value(); }
  const V& operator*() const { return value(); }
  V* operator->() { return &value(); }
  const V* operator->() const { return &value(); }
  const Error& error() const { return std::get<Error>(m_); }

 private:
  std::variant<V, Error> m_;
};

// For functions that return nothing but may fail: nullopt = success. A class, not an alias, so that [[nodiscard]]
// applies (GCC ignores the attribute on an alias of std::optional).
class [[nodiscard]] Status : public std::optional<Error> {
 public:
  using std::optional<Error>::optional;
  Status(std::optional<Error> e) : std::optional<Error>(std::move(e)) {}
};

}  // namespace gb
