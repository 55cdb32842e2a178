# Run by cpack (CPACK_PRE_BUILD_SCRIPTS) for a build configured without GLASSBOX_PORTABLE.
message(WARNING "This build uses -march=native: the package runs only on processors with this one's instruction "
                "set. For a package to hand out, configure with -DGLASSBOX_PORTABLE=ON.")
