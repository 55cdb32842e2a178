// The object that carries the UI tests' precompiled header (tests/ui/CMakeLists.txt); it has no code of its own.
