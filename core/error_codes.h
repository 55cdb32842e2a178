// error_codes.h — the English sentence of every ErrorCode, one entry per code, in the order of the enum.
// Only core/error.cpp includes this file. Each template is written as QT_TRANSLATE_NOOP("gb::Error", "…") so that
// Qt's lupdate (which reads this header, see GLASSBOX_TR_SOURCES) extracts it for translation; in the core the
// macro is just its text. {name} placeholders are filled from Error::args and must stay unchanged in a translation.
#pragma once

#include "core/error.h"

#include <cstddef>
#include <iterator>

#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, x) x  // same spelling as Qt's, so a later Qt header redefines it identically
#define GB_ERROR_CODES_OWN_NOOP
#endif

namespace gb {

struct ErrorTemplate {
  ErrorCode code;
  const char* english;
};

// clang-format off
inline constexpr ErrorTemplate kErrorTemplates[] = {
  {ErrorCode::Plain, QT_TRANSLATE_NOOP("gb::Error", "{text}")},
  {ErrorCode::FileCannotOpen, QT_TRANSLATE_NOOP("gb::Error", "cannot open ({reason})")},
  {ErrorCode::FileTooLarge, QT_TRANSLATE_NOOP("gb::Error", "larger than {max} bytes")},
  {ErrorCode::FileReadError, QT_TRANSLATE_NOOP("gb::Error", "read error")},
  {ErrorCode::FileCannotCreateTemp, QT_TRANSLATE_NOOP("gb::Error", "cannot create a temporary file beside it ({reason})")},
  {ErrorCode::FileWriteFailed, QT_TRANSLATE_NOOP("gb::Error", "write failed ({reason}); the previous file is unchanged")},
  {ErrorCode::FileFlushFailed, QT_TRANSLATE_NOOP("gb::Error", "could not flush to disk ({reason}); the previous file is unchanged")},
  {ErrorCode::FileReplaceFailed, QT_TRANSLATE_NOOP("gb::Error", "could not replace the file ({reason}); the previous file is unchanged")},
  {ErrorCode::FileEmpty, QT_TRANSLATE_NOOP("gb::Error", "the file is empty")},
  {ErrorCode::BinaryFile, QT_TRANSLATE_NOOP("gb::Error", "this looks like a binary file (a NUL byte at offset {offset}), not UTF-8 text")},
  {ErrorCode::NotUtf8, QT_TRANSLATE_NOOP("gb::Error", "not valid UTF-8")},
  {ErrorCode::LoadingCancelled, QT_TRANSLATE_NOOP("gb::Error", "loading was cancelled")},
  {ErrorCode::SavingCancelled, QT_TRANSLATE_NOOP("gb::Error", "saving was cancelled; the previous file is unchanged")},
  {ErrorCode::StTruncated, QT_TRANSLATE_NOOP("gb::Error", "truncated: {size} bytes, but a safetensors file starts with an 8-byte header length")},
  {ErrorCode::StHeaderTooLarge, QT_TRANSLATE_NOOP("gb::Error", "header length {length} is larger than the limit of {limit} bytes")},
  {ErrorCode::StHeaderPastEnd, QT_TRANSLATE_NOOP("gb::Error", "header length {length} runs past the end of the file ({size} bytes)")},
  {ErrorCode::StMetadataNotObject, QT_TRANSLATE_NOOP("gb::Error", "__metadata__ must be an object of strings")},
  {ErrorCode::StMetadataFieldNotString, QT_TRANSLATE_NOOP("gb::Error", "__metadata__ field '{field}' must be a string")},
  {ErrorCode::StTensorNotObject, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': expected an object with dtype, shape and data_offsets")},
  {ErrorCode::StTensorNoDtype, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': missing dtype")},
  {ErrorCode::StTensorDtype, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': dtype '{found}' is not supported (expected F32)")},
  {ErrorCode::StTensorNoShape, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': missing shape")},
  {ErrorCode::StTensorOffsetsForm, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': data_offsets must be [begin, end]")},
  {ErrorCode::StTensorShapeEntries, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': shape entries must be non-negative integers")},
  {ErrorCode::StTensorShapeTooLarge, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': shape {shape} is too large")},
  {ErrorCode::StTensorOffsetsNotInt, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': data_offsets must be non-negative integers")},
  {ErrorCode::StTensorOffsetsReversed, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': data_offsets [{begin}, {end}] are reversed")},
  {ErrorCode::StTensorOffsetsPastData, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': data_offsets end {end} lies past the data ({size} bytes)")},
  {ErrorCode::StTensorSizeMismatch, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}': shape {shape} × 4 bytes = {bytes} bytes, but data_offsets span {span}")},
  {ErrorCode::StTensorOverlap, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}' overlaps the data of another tensor")},
  {ErrorCode::StGap, QT_TRANSLATE_NOOP("gb::Error", "gap of {bytes} bytes before tensor '{tensor}'")},
  {ErrorCode::StTrailingData, QT_TRANSLATE_NOOP("gb::Error", "{bytes} bytes of data belong to no tensor")},
  {ErrorCode::JsonInvalid, QT_TRANSLATE_NOOP("gb::Error", "invalid JSON ({reason})")},
  {ErrorCode::JsonDuplicateKey, QT_TRANSLATE_NOOP("gb::Error", "duplicate key '{key}'")},
  {ErrorCode::JsonNotObject, QT_TRANSLATE_NOOP("gb::Error", "expected a JSON object")},
  {ErrorCode::JsonFieldMissing, QT_TRANSLATE_NOOP("gb::Error", "field '{field}': missing")},
  {ErrorCode::JsonFieldNotInteger, QT_TRANSLATE_NOOP("gb::Error", "field '{field}': expected an integer, got {found}")},
  {ErrorCode::JsonFieldOutOfRange, QT_TRANSLATE_NOOP("gb::Error", "field '{field}': expected {min} to {max}, got {found}")},
  {ErrorCode::JsonFieldNotNumber, QT_TRANSLATE_NOOP("gb::Error", "field '{field}': expected a number, got {found}")},
  {ErrorCode::JsonFieldNotBool, QT_TRANSLATE_NOOP("gb::Error", "field '{field}': expected true or false, got {found}")},
  {ErrorCode::JsonFieldNotString, QT_TRANSLATE_NOOP("gb::Error", "field '{field}': expected a string, got {found}")},
  {ErrorCode::ConfigOutOfRange, QT_TRANSLATE_NOOP("gb::Error", "config field '{field}': expected an integer from {min} to {max}, got {found}")},
  {ErrorCode::ConfigEncoderLayers, QT_TRANSLATE_NOOP("gb::Error", "config field '{field}': a decoder-only model has no encoder layers, got {found}")},
  {ErrorCode::ConfigHeadsDivide, QT_TRANSLATE_NOOP("gb::Error", "config field '{field}': d_e = {d_e} must be divisible by the number of heads H = {heads}")},
  {ErrorCode::ConfigDropout, QT_TRANSLATE_NOOP("gb::Error", "config field '{field}': expected a probability in [0, 1), got {found}")},
  {ErrorCode::ConfigTokenId, QT_TRANSLATE_NOOP("gb::Error", "config field '{field}': expected −1 (none) or a token id below |V| = {vocab}, got {found}")},
  {ErrorCode::BadVariant, QT_TRANSLATE_NOOP("gb::Error", "variant: expected one of {names}, got '{found}'")},
  {ErrorCode::BadNorm, QT_TRANSLATE_NOOP("gb::Error", "norm: expected 'post' or 'pre', got '{found}'")},
  {ErrorCode::BadActivation, QT_TRANSLATE_NOOP("gb::Error", "activation: expected 'relu', 'gelu' or 'tanh', got '{found}'")},
  {ErrorCode::BadOptimizer, QT_TRANSLATE_NOOP("gb::Error", "optimizer: expected 'sgd' or 'adamw', got '{found}'")},
  {ErrorCode::BadTokenizerKind, QT_TRANSLATE_NOOP("gb::Error", "tokenizer: expected 'char', 'word' or 'bpe', got '{found}'")},
  {ErrorCode::TargetEmpty, QT_TRANSLATE_NOOP("gb::Error", "the target sequence x is empty")},
  {ErrorCode::SourceEmpty, QT_TRANSLATE_NOOP("gb::Error", "the source sequence z is empty")},
  {ErrorCode::TargetTooLong, QT_TRANSLATE_NOOP("gb::Error", "target x has {length} tokens, more than ℓ_max = {max_len}")},
  {ErrorCode::SequenceTooLong, QT_TRANSLATE_NOOP("gb::Error", "sequence x has {length} tokens, more than ℓ_max = {max_len}")},
  {ErrorCode::SourceTooLong, QT_TRANSLATE_NOOP("gb::Error", "source z has {length} tokens, more than ℓ_max = {max_len}")},
  {ErrorCode::TargetBadId, QT_TRANSLATE_NOOP("gb::Error", "target x token {index} is id {found}, expected an id from 0 to {max}")},
  {ErrorCode::SequenceBadId, QT_TRANSLATE_NOOP("gb::Error", "sequence x token {index} is id {found}, expected an id from 0 to {max}")},
  {ErrorCode::SourceBadId, QT_TRANSLATE_NOOP("gb::Error", "source z token {index} is id {found}, expected an id from 0 to {max}")},
  {ErrorCode::ExampleTooLong, QT_TRANSLATE_NOOP("gb::Error", "example {index} has {length} tokens, more than ℓ_max = {max_len} (raise ℓ_max, or filter or truncate long examples)")},
  {ErrorCode::TokenizerNotObject, QT_TRANSLATE_NOOP("gb::Error", "expected an object")},
  {ErrorCode::TokenizerVocabNotArray, QT_TRANSLATE_NOOP("gb::Error", "field 'vocab' must be an array of strings")},
  {ErrorCode::TokenizerNoSpecials, QT_TRANSLATE_NOOP("gb::Error", "the vocabulary lacks the special tokens")},
  {ErrorCode::TokenizerVocabNotString, QT_TRANSLATE_NOOP("gb::Error", "vocab entry {index} is not a string")},
  {ErrorCode::TokenizerVocabRepeat, QT_TRANSLATE_NOOP("gb::Error", "vocab entry {index} repeats '{token}'")},
  {ErrorCode::TokenizerSpecialIds, QT_TRANSLATE_NOOP("gb::Error", "ids 0–3 must be <pad>, <bos>, <eos>, <unk>")},
  {ErrorCode::TokenizerMergesNotArray, QT_TRANSLATE_NOOP("gb::Error", "field 'merges' must be an array")},
  {ErrorCode::TokenizerMergeNotPair, QT_TRANSLATE_NOOP("gb::Error", "each merge must be a pair of strings")},
  {ErrorCode::PairTextAfterQuote, QT_TRANSLATE_NOOP("gb::Error", "text after a closing quote")},
  {ErrorCode::PairQuoteNotClosed, QT_TRANSLATE_NOOP("gb::Error", "a quoted field is not closed")},
  {ErrorCode::PairFieldsTab, QT_TRANSLATE_NOOP("gb::Error", "expected 2 fields separated by a tab, found {found}")},
  {ErrorCode::PairFieldsComma, QT_TRANSLATE_NOOP("gb::Error", "expected 2 fields separated by a comma, found {found}")},
  {ErrorCode::PairSourceEmpty, QT_TRANSLATE_NOOP("gb::Error", "the source is empty")},
  {ErrorCode::PairTargetEmpty, QT_TRANSLATE_NOOP("gb::Error", "the target is empty")},
  {ErrorCode::NoUsablePairs, QT_TRANSLATE_NOOP("gb::Error", "no usable pairs")},
  {ErrorCode::NoUsablePairsMalformed, QT_TRANSLATE_NOOP("gb::Error", "no usable pairs ({count} malformed, first at line {line}: {problem})")},
  {ErrorCode::IdsFieldMissing, QT_TRANSLATE_NOOP("gb::Error", "field '{field}' is missing")},
  {ErrorCode::IdsFieldNotArray, QT_TRANSLATE_NOOP("gb::Error", "field '{field}' must be an array of token ids")},
  {ErrorCode::IdsNotInteger, QT_TRANSLATE_NOOP("gb::Error", "field '{field}' holds {found}, not a token id")},
  {ErrorCode::IdsOutOfRange, QT_TRANSLATE_NOOP("gb::Error", "field '{field}' holds id {found}, out of range")},
  {ErrorCode::NoExamples, QT_TRANSLATE_NOOP("gb::Error", "no examples (the file is empty)")},
  {ErrorCode::NoTrainingExamplesLeft, QT_TRANSLATE_NOOP("gb::Error", "no training examples are left (every one is longer than ℓ_max = {max_len})")},
  {ErrorCode::TrainingSetEmpty, QT_TRANSLATE_NOOP("gb::Error", "the training set needs at least one example")},
  {ErrorCode::ValidationFraction, QT_TRANSLATE_NOOP("gb::Error", "the validation fraction must lie in [0, 1)")},
  {ErrorCode::PlainTextNeedsDecoderOnly, QT_TRANSLATE_NOOP("gb::Error", "a plain text file trains a decoder-only language model; an encoder-decoder model needs pairs (a .tsv or .csv file)")},
  {ErrorCode::TextTooShort, QT_TRANSLATE_NOOP("gb::Error", "the text is too short to train on")},
  {ErrorCode::NoDataDescription, QT_TRANSLATE_NOOP("gb::Error", "the model does not say what it was trained on: give --data or --task")},
  {ErrorCode::UnknownTask, QT_TRANSLATE_NOOP("gb::Error", "unknown task '{task}' (expected one of: {tasks})")},
  {ErrorCode::NegativeExampleCount, QT_TRANSLATE_NOOP("gb::Error", "the number of examples must not be negative")},
  {ErrorCode::PerturbationLengths,
   QT_TRANSLATE_NOOP("gb::Error", "the two inputs must have the same lengths (x/z: {a} and {b}): replace a token, do not add or remove one")},
  {ErrorCode::TensorMissing, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}' is missing (the config needs shape {expected})")},
  {ErrorCode::TensorShape, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}' has shape {found}, the config needs {expected}")},
  {ErrorCode::TensorUnexpected, QT_TRANSLATE_NOOP("gb::Error", "unexpected tensor '{tensor}' (not part of this config)")},
  {ErrorCode::TensorNotFinite, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}' contains NaN or infinity")},
  {ErrorCode::LossField, QT_TRANSLATE_NOOP("gb::Error", "field 'loss': expected sum or mean")},
  {ErrorCode::SeedField, QT_TRANSLATE_NOOP("gb::Error", "field 'seed' must be an unsigned integer")},
  {ErrorCode::CursorMissing, QT_TRANSLATE_NOOP("gb::Error", "field 'cursor' is missing")},
  {ErrorCode::CursorOrderMissing, QT_TRANSLATE_NOOP("gb::Error", "cursor field 'order' is missing")},
  {ErrorCode::CursorOrderIndices, QT_TRANSLATE_NOOP("gb::Error", "cursor field 'order' must hold example indices")},
  {ErrorCode::CursorPastOrder, QT_TRANSLATE_NOOP("gb::Error", "cursor position lies past the data order")},
  {ErrorCode::CursorRng, QT_TRANSLATE_NOOP("gb::Error", "cursor field 'rng' must hold the generator state")},
  {ErrorCode::RngStateUnsigned, QT_TRANSLATE_NOOP("gb::Error", "generator state must be unsigned")},
  {ErrorCode::NotGlassboxModel, QT_TRANSLATE_NOOP("gb::Error", "not a Glassbox model (metadata 'glassbox.format' is missing)")},
  {ErrorCode::FormatVersion, QT_TRANSLATE_NOOP("gb::Error", "model format version '{found}' is not supported (expected 1)")},
  {ErrorCode::ConfigMetadataMissing, QT_TRANSLATE_NOOP("gb::Error", "metadata 'glassbox.config' is missing")},
  {ErrorCode::TokenizerTooLarge, QT_TRANSLATE_NOOP("gb::Error", "the tokenizer has {tokens} tokens but |V| = {vocab}")},
  {ErrorCode::DataNotObject, QT_TRANSLATE_NOOP("gb::Error", "glassbox.data must be an object")},
  {ErrorCode::HistoryNotArray, QT_TRANSLATE_NOOP("gb::Error", "glassbox.history must be an array")},
  {ErrorCode::OptTensorUnexpected, QT_TRANSLATE_NOOP("gb::Error", "unexpected tensor '{tensor}' (no training state)")},
  {ErrorCode::HistoryGradNorms, QT_TRANSLATE_NOOP("gb::Error", "grad_norms must be an array of {tensors} numbers, one per tensor")},
  {ErrorCode::LastTensorUnexpected, QT_TRANSLATE_NOOP("gb::Error", "unexpected tensor '{tensor}' (no glassbox.last_step)")},
  {ErrorCode::CannotSave, QT_TRANSLATE_NOOP("gb::Error", "cannot save: {problem}")},
  {ErrorCode::NoBosToken, QT_TRANSLATE_NOOP("gb::Error", "the decoder prefix is empty and the model has no bos token: give the prefix (target ids)")},
  {ErrorCode::DecoderOnlyNoSource, QT_TRANSLATE_NOOP("gb::Error", "a decoder-only model takes no source sequence")},
  {ErrorCode::PromptEmpty, QT_TRANSLATE_NOOP("gb::Error", "the prompt is empty: give at least one token")},
  {ErrorCode::SequenceFull, QT_TRANSLATE_NOOP("gb::Error", "the sequence has reached ℓ_max = {max_len} tokens; the model has no position for another (allow a sliding window to go on)")},
  {ErrorCode::ForcedTokenNotInVocab, QT_TRANSLATE_NOOP("gb::Error", "forced token {token} is not in the vocabulary (|V| = {vocab})")},
  {ErrorCode::BadTemperature, QT_TRANSLATE_NOOP("gb::Error", "the temperature must be 0, positive or infinite")},
  {ErrorCode::BadTopK, QT_TRANSLATE_NOOP("gb::Error", "top-k must be 0 (off) or positive")},
  {ErrorCode::BadTopP, QT_TRANSLATE_NOOP("gb::Error", "top-p must lie in (0, 1]")},
  {ErrorCode::NothingToBranch, QT_TRANSLATE_NOOP("gb::Error", "nothing to branch from: no step has been taken")},
  {ErrorCode::BeamWidth, QT_TRANSLATE_NOOP("gb::Error", "beam width must be at least 1")},
  {ErrorCode::BeamNoNewTokens, QT_TRANSLATE_NOOP("gb::Error", "beam search needs at least one new token")},
  {ErrorCode::BeamNoHypothesis, QT_TRANSLATE_NOOP("gb::Error", "beam search found no hypothesis")},
  {ErrorCode::DecodeCancelled, QT_TRANSLATE_NOOP("gb::Error", "decoding was cancelled after {done} of at most {limit} tokens")},
  {ErrorCode::BeamCancelled, QT_TRANSLATE_NOOP("gb::Error", "beam search was cancelled after {done} of at most {limit} levels")},
  {ErrorCode::TraceCancelled, QT_TRANSLATE_NOOP("gb::Error", "the trace was cancelled after {done} of {limit} lines")},
  {ErrorCode::MaskSize, QT_TRANSLATE_NOOP("gb::Error", "the mask is {rows} × {cols}, but the probe has {n} tokens: expected {n} × {n}")},
  {ErrorCode::StHeaderNotObject, QT_TRANSLATE_NOOP("gb::Error", "the header is not a JSON object")},
  {ErrorCode::JsonInvalidAt, QT_TRANSLATE_NOOP("gb::Error", "invalid JSON at byte {byte}")},
  {ErrorCode::PlanIncomplete, QT_TRANSLATE_NOOP("gb::Error", "the training plan needs a model and data")},
  {ErrorCode::PlanSteps, QT_TRANSLATE_NOOP("gb::Error", "steps: expected at least 1, found {found}")},
  {ErrorCode::PlanBatchSize, QT_TRANSLATE_NOOP("gb::Error", "batch size: expected 1 to 1048576, found {found}")},
  {ErrorCode::PlanLearningRate, QT_TRANSLATE_NOOP("gb::Error", "learning rate η: expected a number from 0 to 1e9, found {found}")},
  {ErrorCode::PlanBetas, QT_TRANSLATE_NOOP("gb::Error", "AdamW β₁, β₂: expected values in [0, 1)")},
  {ErrorCode::PlanEpsilon, QT_TRANSLATE_NOOP("gb::Error", "AdamW ε: expected a small positive number")},
  {ErrorCode::PlanWeightDecay, QT_TRANSLATE_NOOP("gb::Error", "weight decay: expected 0 or a positive number")},
  {ErrorCode::PlanScheduleSteps, QT_TRANSLATE_NOOP("gb::Error", "learning-rate schedule: warm-up and decay steps must not be negative")},
  {ErrorCode::PlanMinLrRatio, QT_TRANSLATE_NOOP("gb::Error", "learning-rate schedule: the final ratio must lie in [0, 1]")},
  {ErrorCode::PlanClip, QT_TRANSLATE_NOOP("gb::Error", "gradient clipping: expected 0 (off) or a positive norm")},
  {ErrorCode::PlanNoData, QT_TRANSLATE_NOOP("gb::Error", "there are no training examples: load data first")},
  {ErrorCode::PlanMemory, QT_TRANSLATE_NOOP("gb::Error", "the run needs about {need} MB of memory, more than the {limit} MB available: choose a smaller model, batch or ℓ_max")},
  {ErrorCode::PlanParamShapes, QT_TRANSLATE_NOOP("gb::Error", "the parameters do not have the shapes the configuration needs: build the model again")},
  {ErrorCode::PlanResumeIncomplete, QT_TRANSLATE_NOOP("gb::Error", "the saved training state is incomplete (cursor and optimizer state go together)")},
  {ErrorCode::PlanResumeOtherData, QT_TRANSLATE_NOOP("gb::Error", "the saved training state belongs to other data: its order has {saved} examples, the data has {found}")},
  {ErrorCode::PlanResumeNotPermutation, QT_TRANSLATE_NOOP("gb::Error", "the saved training state is damaged: its data order is not a permutation of the {count} examples")},
  {ErrorCode::PlanResumePosition, QT_TRANSLATE_NOOP("gb::Error", "the saved training state is damaged: its position lies outside the data")},
  {ErrorCode::PlanResumeDone, QT_TRANSLATE_NOOP("gb::Error", "the saved run has done {steps} steps already: ask for more than {steps} steps to go on")},
  {ErrorCode::PlanResumeNegativeT, QT_TRANSLATE_NOOP("gb::Error", "the saved training state is damaged: its optimizer step count is negative")},
  {ErrorCode::PlanResumeOptimizerShapes, QT_TRANSLATE_NOOP("gb::Error", "the saved optimizer state does not fit the model: build the model again or start a new run")},
  {ErrorCode::PlanResumeNoMoments, QT_TRANSLATE_NOOP("gb::Error", "the saved training state is damaged: AdamW's moments are missing")},
  {ErrorCode::PlanRunGoing, QT_TRANSLATE_NOOP("gb::Error", "a run is still going: stop it first")},
  {ErrorCode::PlanNoModel, QT_TRANSLATE_NOOP("gb::Error", "there is no model: build one in the Model dock")},
  {ErrorCode::PlanNoDataLoaded, QT_TRANSLATE_NOOP("gb::Error", "no data is loaded: load the data in the Data dock")},
  {ErrorCode::DataOtherVocabulary, QT_TRANSLATE_NOOP("gb::Error", "the data was encoded with another tokenizer than the model's ({data} and {model} tokens; the same ids would stand for other pieces): build the model again for this data")},
  {ErrorCode::DataTokenizerTooLarge, QT_TRANSLATE_NOOP("gb::Error", "the data's tokenizer has {data} tokens, more than |V| = {vocab}: build the model again for this data")},
  {ErrorCode::DataForDecoderOnly, QT_TRANSLATE_NOOP("gb::Error", "the data is laid out for a decoder-only model (example {example} has no source z), and the model is an encoder-decoder: build the model again for this data")},
  {ErrorCode::DataForEncoderDecoder, QT_TRANSLATE_NOOP("gb::Error", "the data holds pairs laid out for the encoder-decoder (example {example} has a source z), and the model is decoder-only: build the model again for this data")},
  {ErrorCode::DataExampleDoesNotFit, QT_TRANSLATE_NOOP("gb::Error", "example {example} does not fit the model: {problem} — build the model again for this data")},
  {ErrorCode::ConfigNotInFamily, QT_TRANSLATE_NOOP("gb::Error", "config field '{field}': a {family} model has no such size, got {found} (expected 0)")},
  {ErrorCode::DataForOneSequence, QT_TRANSLATE_NOOP("gb::Error", "the data holds pairs laid out for the encoder-decoder (example {example} has a source z), and a {family} model reads one sequence: build the model again for this data")},
  {ErrorCode::NotForFamily, QT_TRANSLATE_NOOP("gb::Error", "a {family} model has no attention layers to trace or step through")},
  {ErrorCode::ConfigCellActivation, QT_TRANSLATE_NOOP("gb::Error", "config field 'activation': a {family} model's cell uses 'tanh' or 'relu', got '{found}'")},
  {ErrorCode::DataIsModelFile, QT_TRANSLATE_NOOP("gb::Error", "this is a model file (safetensors), not data: open it as a model (File → Open, or --model)")},
  {ErrorCode::TensorNotDistribution, QT_TRANSLATE_NOOP("gb::Error", "tensor '{tensor}', column {column}, is not a probability distribution: its entries must be at least 0 and sum to 1 (within 0.001), found sum {sum} and smallest entry {min}")},
  {ErrorCode::BadCell, QT_TRANSLATE_NOOP("gb::Error", "cell: expected 'elman' or 'lstm', got '{found}'")},
  {ErrorCode::BadAttention, QT_TRANSLATE_NOOP("gb::Error", "attention: expected 'none' or 'additive', got '{found}'")},
  {ErrorCode::ConfigOptionNotInFamily, QT_TRANSLATE_NOOP("gb::Error", "config field '{field}' ('{found}'): not an option of a {family} model (a cell is the rnn's and the rnn-seq2seq's option, attention the rnn-seq2seq's)")},
  {ErrorCode::ConfigLstmActivation, QT_TRANSLATE_NOOP("gb::Error", "config field 'activation': an LSTM cell has its own activations (σ for its gates, tanh for its state), so the activation must be 'tanh', got '{found}'")},
};
// clang-format on

// Every code has exactly one template, at its own index.
constexpr bool error_templates_complete() {
  if (std::size(kErrorTemplates) != static_cast<std::size_t>(ErrorCode::Count)) return false;
  for (std::size_t i = 0; i < std::size(kErrorTemplates); ++i)
    if (kErrorTemplates[i].code != static_cast<ErrorCode>(i)) return false;
  return true;
}
static_assert(error_templates_complete(), "kErrorTemplates must list every ErrorCode once, in enum order");

}  // namespace gb

#ifdef GB_ERROR_CODES_OWN_NOOP
#undef QT_TRANSLATE_NOOP
#undef GB_ERROR_CODES_OWN_NOOP
#endif
